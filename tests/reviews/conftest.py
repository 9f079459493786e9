"""The reviews tests' lesson: the der's (`testing.lessons`)."""

import pytest

from testing.lessons import der_lesson


@pytest.fixture
def lesson():
    return der_lesson()
