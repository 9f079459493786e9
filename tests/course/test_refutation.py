"""The opponent's answer to a wrong move (course.refutation): found by the engine's search within a count of
nodes, told as the game would go on, and left out where it would explain nothing."""

from course import refutation
from course.checkers import FAILED, TaskRules, replay
from senterej.engine import DER, FERES, WHITE
from senterej.engine.game import SEVENTY_MOVE_RULE


def answer_to(rules: TaskRules, moves: list[str]):
    verdict = replay(rules, moves)
    assert verdict.state == FAILED
    position = refutation.position_to_answer(rules, verdict)
    return None if position is None else refutation.find_answer(rules, position)


def test_r7_1_the_answer_to_a_move_that_misses_the_mate_mates():
    rules = TaskRules(  # Black threatens mate on b1; only a check holds it off
        fen="5q1k/6bp/8/6N1/8/1r6/r7/7K w - - 0 1 0/0",
        side=WHITE,
        goal="status",
        status="repetition",
        opponent="scripted",
    )
    answer = answer_to(rules, ["h1g1"])
    assert answer is not None and answer.mate and answer.move in ("b3b1", "a2a1")


def test_r8_2_an_answer_that_draws_says_which_rule_draws():
    rules = TaskRules(
        fen="2b5/3k4/1n6/8/4R3/2P5/5PPP/2B3K1 w - - 138 110 0/0",
        side=WHITE,
        goal="moves",
        accept=("f2f3",),
        opponent="scripted",
    )
    answer = answer_to(rules, ["c1e3"])  # a quiet move: Black's next quiet move is the 140th
    assert answer is not None and answer.draw == SEVENTY_MOVE_RULE


def test_a_drills_answer_is_shown_only_when_it_takes_or_checks():
    block = TaskRules(
        fen="2b4k/8/8/8/8/2N5/1P2QPPP/r5K1 w - - 0 1 0/0", side=WHITE, goal="moves", accept=("e2f1",)
    )
    taken = answer_to(block, ["c3b1"])
    assert taken is not None and (taken.move, taken.man, taken.taken) == ("a1b1", DER, FERES)
    fork = TaskRules(fen="b7/1r3k2/8/8/4N3/8/8/6K1 w - - 0 1 0/0", side=WHITE, goal="moves", accept=("e4d6",))
    assert answer_to(fork, ["e4c5"]) is None  # Black's quiet der move would explain nothing


def test_a_werera_round_that_goes_on_has_no_answer():
    rules = TaskRules(
        fen="r1bkqb1r/ppp1ppp1/2np1n1p/8/8/3BP2P/PPPPNPP1/RNBQK2R - Kk 5 0 1 0/0",
        side=WHITE,
        goal="foil",
        werera_choice="d8d7",
    )
    verdict = replay(rules, ["a2a3"])
    assert verdict.reason == "still-fits" and refutation.position_to_answer(rules, verdict) is None


def test_the_answer_is_searched_within_a_count_of_nodes_and_is_the_same_every_time(monkeypatch):
    limits = []
    search = refutation.search

    def watched(position, **kwargs):
        limits.append(kwargs.get("max_nodes"))
        return search(position, **kwargs)

    monkeypatch.setattr(refutation, "search", watched)
    rules = TaskRules(
        fen="1n4k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1 0/0",
        side=WHITE,
        goal="status",
        status="checkmate",
        opponent="scripted",
    )
    first, second = answer_to(rules, ["e1e2"]), answer_to(rules, ["e1e2"])
    assert first == second and first is not None and first.move[:2] in ("g8", "b8", "f7", "g7", "h7")
    assert limits == [refutation.ANSWER_NODES] * 2
