"""The language switcher's addresses: the page the reader is on, in each language."""

from django import template
from django.conf import settings
from django.urls import translate_url

register = template.Library()


@register.simple_tag(takes_context=True)
def language_choices(context: template.Context) -> list[tuple[str, str, str]]:
    """(code, name, address) for each language. The addresses are made here, while the page's own language
    is active, because Django's set_language can only translate an address of the default language."""
    request = context.get("request")
    here = request.get_full_path() if request is not None else "/"
    return [(code, name, translate_url(here, code)) for code, name in settings.LANGUAGES]
