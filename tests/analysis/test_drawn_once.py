"""What the analysis board draws in Python or keeps: the list of the steps tried is the markup the template's
loop drew (each step a link to its page, the one shown marked), with the line's address escaped once; the
play-on form's fields are drawn once per language and kept, the same as a fresh form draws them."""

import re

import pytest
from django.http import QueryDict
from django.template import engines
from django.urls import reverse
from django.utils import translation

from analysis import forms
from analysis.address import read
from analysis.forms import PlayOnForm
from analysis.step_markup import draw_steps
from analysis.steps import walk
from analysis.views import step_urls

pytestmark = pytest.mark.django_db

BOARD = reverse("analysis:board")
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
ROUNDS = "b1c3:g8f6,c3b1:h8g8,c1e3:f8h6,e3g5:h6f4,b1c3:e7e6,c3b5:e6e5,g2g3:g8f8,c2c3:c8a6,e2e3:f8h8,a2a3:f4h2"
#: The template's loop as the page drew it before.
LOOP = (
    "{% for step, url in steps %}"
    '<li{% if step.number == shown_step %} class="is-current"{% endif %}><a href="{{ url }}" '
    'hx-get="{{ url }}" hx-target="#analysis" hx-swap="outerHTML" hx-push-url="true"'
    '{% if step.number == shown_step %} aria-current="step"{% endif %}><span class="analysis__label">'
    "{{ step.label }}</span> {{ step.text }}</a></li>{% if not forloop.last %}\n{% endif %}{% endfor %}"
)


def looped(query: str) -> tuple[str, str]:
    """The steps of the address as the template's loop drew them, and as they are drawn now."""
    state = walk(read(QueryDict(query)))
    urls = step_urls(state.address)
    shown = state.address.shown
    context = {"steps": [(step, urls[step.number]) for step in state.steps], "shown_step": shown}
    template = engines["django"].from_string(LOOP)
    return template.render(context), draw_steps(state.steps, urls[-1], shown)


@pytest.mark.parametrize(
    "query",
    [
        f"rounds={ROUNDS}&moves=g1e2,d8c8,g5e7",
        f"rounds={ROUNDS}&moves=g1e2,d8c8,g5e7&at=4",
        f"rounds={ROUNDS}&at=0",
        f"fen={TURNS}&moves=e2e3,d7d6,g1f3&at=2",
        f"fen={TURNS}&moves=e2e3",
    ],
)
def test_the_steps_are_drawn_as_the_template_drew_them(query):
    template, python = looped(query)
    assert python == template


def test_in_slovak_too():
    with translation.override("sk"):
        template, python = looped(f"rounds={ROUNDS}&moves=g1e2,d8c8&at=11")
    assert python == template


def test_the_page_lists_each_step_once_linking_to_its_page(client):
    page = client.get(f"{BOARD}?fen={TURNS}&moves=e2e3,d7d6,g1f3&at=2").text
    listed = page[page.index('<ol class="moves analysis__moves"') : page.index("</ol>")]
    links = re.findall(r'<a href="([^"]*)" hx-get="([^"]*)"', listed)
    assert [href for href, _ in links] == [get for _, get in links]
    assert [href.rsplit("at=", 1)[-1] for href, _ in links[:2]] == ["1", "2"]
    assert "at=" not in links[2][0] and listed.count('aria-current="step"') == 1


def fields(page: str) -> str:
    start = page.index('<p><label for="id_level">')
    return page[start : page.index("</form>", start)]


def test_the_kept_play_on_fields_are_those_a_fresh_form_draws(client):
    first = fields(client.get(BOARD).text)
    forms._BLANK_FIELDS.clear()
    kept = fields(client.get(BOARD).text)
    assert kept == first == fields(client.get(BOARD).text)
    fresh = PlayOnForm()
    assert str(fresh["level"]) in kept and str(fresh["side"]) in kept
    assert '<label for="id_level">Bot</label>' in kept and '<option value="novice" selected>' in kept


def test_each_language_has_its_own_play_on_fields(client):
    english = fields(client.get(BOARD).text)
    slovak = fields(client.get(f"/sk{BOARD}").text)
    assert "Your side</label>" in english and "Your side" not in slovak
    assert fields(client.get(BOARD).text) == english
