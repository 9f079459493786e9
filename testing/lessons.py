"""The der's lesson that the course's and the reviews' tests play: a stars task (R2.2), a werera question
(R5.2) and a werera capture (R5.3)."""

from course.models import Lesson, Task


def der_lesson() -> Lesson:
    lesson = Lesson.objects.create(
        slug="der", order=2, title="The der", intro="It slides.\n\nFar.", rules_anchor="r2"
    )
    Task.objects.create(
        lesson=lesson,
        order=1,
        title="Two stars",
        prompt="Collect the stars.",
        hint="Go up first.",
        hint_square="a1",
        success="The der slides.",
        fen="7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0",
        goal="stars",
        squares="a5 e5",
        max_moves=6,
        par=2,
        solution="a1a5 a5e5",
    )
    Task.objects.create(
        lesson=lesson,
        order=2,
        title="Which is quicker?",
        prompt="Who is quicker in round 2?",
        fen="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 2 0 1 0/0",
        goal="question",
        options=[{"en": "White", "why": "White is quicker in the odd rounds only."}, {"en": "Black"}],
        answer=1,
        solution="1",
    )
    Task.objects.create(
        lesson=lesson,
        order=3,
        title="Capture alone",
        prompt="Take the medeq.",
        fen="rnbkqb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 0 1 0/0",
        side="black",
        goal="played",
        accept="f6e4",
        werera_choice="e4e5",
        solution="f6e4",
    )
    return lesson
