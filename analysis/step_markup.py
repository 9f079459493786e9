"""The analysis board's list of the steps tried, drawn in one pass in Python: the template language drew it a
tag at a time, and escaped the line's whole address again in each step's two links, so that a line of 40
steps cost more than the rest of the page. Here the line's address is escaped once, and each step's link is
that address with the step's `at` (`views.step_urls`: `Address.query` writes `at` last); the markup is the
one the template drew, which the styles, the script and the browser tests rely on."""

from collections.abc import Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe

from analysis.steps import Tried

_CURRENT_ITEM = '<li class="is-current">'
_CURRENT_LINK = ' aria-current="step"'


def draw_steps(steps: Sequence[Tried], line_url: str, shown: int) -> SafeString:
    """Each step as an item linking to its page (`line_url`, the page of the whole line, for the last step),
    the step shown marked as the current one."""
    line = escape(line_url)
    joint = "&amp;" if "?" in line_url else "?"
    last = len(steps)
    items = []
    for step in steps:
        url = line if step.number == last else f"{line}{joint}at={step.number}"
        item, link = (_CURRENT_ITEM, _CURRENT_LINK) if step.number == shown else ("<li>", "")
        # joined rather than formatted: a step's words are a SafeString, which formatting would copy
        items.append(
            "".join(
                (
                    f'{item}<a href="{url}" hx-get="{url}" hx-target="#analysis" hx-swap="outerHTML" '
                    f'hx-push-url="true"{link}><span class="analysis__label">{escape(step.label)}</span> ',
                    step.text,
                    "</a></li>",
                )
            )
        )
    return mark_safe("\n".join(items))
