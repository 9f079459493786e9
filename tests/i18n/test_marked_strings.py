"""Every user-facing string goes through translation: words in templates sit inside {% translate %} or
{% blocktranslate %}, and the Django calls that show text (messages, labels, validation errors, admin
descriptions) get translated strings. The lint itself is tested first on examples, so that it can fail."""

from pathlib import Path

import pytest
from django.conf import settings

from tools.i18n_lint import python_findings, template_findings

ROOT = Path(settings.BASE_DIR)
SKIPPED = {".venv", ".git", "node_modules", "migrations", "tests"}


def project_files(pattern: str) -> list[Path]:
    return sorted(path for path in ROOT.glob(pattern) if not SKIPPED & set(path.relative_to(ROOT).parts))


def templates() -> list[Path]:
    return [path for path in project_files("**/templates/**/*") if path.suffix in {".html", ".txt"}]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_template_lint_finds_bare_words_and_spoken_attributes(tmp_path):
    path = write(
        tmp_path,
        "page.html",
        '{% load i18n %}\n<h1>{% translate "Puzzles" %}</h1>\n<p>Solve it</p>\n'
        '<button aria-label="Flip the board">{% translate "Flip" %}</button>\n'
        '<input type="submit" value="Send">\n',
    )
    assert [(finding.line, finding.text) for finding in template_findings(path)] == [
        (3, "Solve it"),
        (4, "Flip the board"),
        (5, "Send"),
    ]


def test_the_template_lint_accepts_marked_text_notation_and_tags_inside_elements(tmp_path):
    path = write(
        tmp_path,
        "page.html",
        "{% load i18n %}\n<details{% if open %} open{% endif %}>\n"
        "{% blocktranslate %}You have {{ count }} tries{% endblocktranslate %}\n"
        "<code>Nf3 rnbkqbnr/8</code> e4 12 · {{ user.username }}\n"
        "{% comment %}Notes for developers{% endcomment %}\n"
        "<script>const words = 'not read';</script></details>\n",
    )
    assert list(template_findings(path)) == []


def test_the_template_lint_reads_text_templates_line_by_line(tmp_path):
    path = write(tmp_path, "mail.txt", '{% load i18n %}{% translate "Hello" %}\nYour new password\n')
    assert [finding.text for finding in template_findings(path)] == ["Your new password"]


def test_the_python_lint_finds_literal_messages_labels_and_fieldsets(tmp_path):
    path = write(
        tmp_path,
        "views.py",
        "from django.utils.translation import gettext as _\n"
        "def view(request):\n"
        "    messages.error(request, 'That move is illegal')\n"
        "    messages.success(request, _('Saved'))\n"
        "    raise ValidationError(f'Line {n} is wrong')\n"
        "name = forms.CharField(label='Your name')\n"
        "fieldsets = [('Help', {'fields': ['hint']}), (None, {'fields': ['title']})]\n"
        "Thing.objects.create(description='Demo data, not shown')\n",
    )
    assert [(finding.line, finding.text) for finding in python_findings(path)] == [
        (3, "That move is illegal"),
        (5, "Line  is wrong"),
        (6, "Your name"),
        (7, "Help"),
    ]


def test_the_python_lint_finds_translations_inside_f_strings(tmp_path):
    path = write(
        tmp_path,
        "drawing.py",
        "from django.utils.translation import gettext\n"
        "def cell(done):\n"
        "    words = gettext('solved')\n"
        "    return f'<td>{words}</td><td>{escape(gettext(\"not tried\"))}</td>'\n",
    )
    assert [str(finding) for finding in python_findings(path)] == [
        f"{path}:4: \"gettext('not tried')\" inside an f-string: the catalogue misses it",
    ]


def test_the_python_lint_finds_strings_translated_once_at_import(tmp_path):
    path = write(
        tmp_path,
        "admin.py",
        "from django.utils.translation import gettext as _\n"
        "from django.utils.translation import gettext_lazy\n"
        "TASK_FIELDSETS = [(_('Help'), {'fields': ['hint']})]\n"
        "LABELS = {'wait': gettext_lazy('to wait')}\n"
        "class Form:\n"
        "    title = _('Title')\n"
        "    def clean(self):\n"
        "        return _('This task cannot be played')\n",
    )
    assert [str(finding) for finding in python_findings(path)] == [
        f"{path}:3: \"_('Help')\" runs at import: use gettext_lazy",
        f"{path}:6: \"_('Title')\" runs at import: use gettext_lazy",
    ]


@pytest.mark.parametrize("path", templates(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_template_marks_its_words_for_translation(path):
    assert [str(finding) for finding in template_findings(path)] == []


def test_the_lint_sees_the_project_templates():
    assert len(templates()) > 40


def test_python_code_marks_the_strings_it_shows():
    sources = project_files("**/*.py")
    assert len(sources) > 50
    findings = [str(finding) for path in sources for finding in python_findings(path)]
    assert findings == []
