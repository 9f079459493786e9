import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def default_language():
    """A request for a Slovak page leaves Slovak active in the thread that served it; each test starts in the
    default language, as a fresh process would."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
