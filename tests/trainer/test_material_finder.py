"""The material finder: a quick look for an idea, the line cut where the gain is on the board, the slips of
self-play games, all proved by the stricter material proof."""

from senterej.engine.position import Position
from senterej.engine.proofs.material import prove_material_line
from trainer.generate import harvest
from trainer.generate.finders import material_puzzle
from trainer.generate.ideas import after_each_move, has_idea, is_exchange
from trainer.generate.job_order import jobs

#: White's feres jumps to c7, checking the negus and attacking the der (both sides keep four pieces).
FORK = "r1b1kq2/1p1p1ppp/6n1/1N6/8/8/P3QPPP/2BR2K1 w - - 0 30 0/0"
#: The same a move before, the black negus on d8: its step to e8 is the slip that allows the fork.
BEFORE_THE_SLIP = "r1bk1q2/1p1p1ppp/6n1/1N6/8/8/P3QPPP/2BR2K1 b - - 0 30 0/0"
#: Black's feres on d5 hangs to the der: a free capture, not an idea.
HANGING = "2b2rk1/p3qppp/8/3n4/8/8/P3QPPP/1NBR2K1 w - - 0 30 0/0"


def test_the_fork_is_found_and_cut_where_the_der_is_taken():
    found = material_puzzle(FORK, "hand-made")
    assert found is not None
    assert found.moves == "b5c7 e8d8 c7a8" and found.source == "hand-made"
    assert prove_material_line(found.fen, found.moves.split()) is None


def test_a_free_capture_is_no_idea_and_no_puzzle():
    assert not has_idea(Position.from_fen(HANGING))
    assert material_puzzle(HANGING, "hand-made") is None


def test_the_quick_look_sees_the_fork_and_not_a_quiet_position():
    assert has_idea(Position.from_fen(FORK))
    assert not has_idea(Position.from_fen("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 30 0/0"))


def test_the_slip_that_allows_the_fork_is_one_of_the_positions_after_each_move():
    slips = dict(after_each_move(BEFORE_THE_SLIP))
    assert slips["d8e8"].split()[:2] == FORK.split()[:2]


def test_a_self_play_game_gives_the_puzzle_a_slip_allows(monkeypatch):
    monkeypatch.setattr(harvest, "selfplay_positions", lambda seed, game: [(BEFORE_THE_SLIP, "game ply 9")])
    found = harvest.selfplay_material_job(1, 0)
    assert [(f.moves, f.source) for f in found] == [("b5c7 e8d8 c7a8", "game ply 9 after d8e8")]


def test_the_material_jobs_come_in_the_generators_order():
    first = [job for _, job in zip(range(40), jobs(1), strict=False) if job[0].endswith("-material")]
    assert first[:6] == [
        ("selfplay-material", 0, 0),
        ("crowded-material", 0, 0),
        ("crowded-material", 1, 0),
        ("selfplay-material", 1, 0),
        ("crowded-material", 2, 0),
        ("crowded-material", 3, 0),
    ]


#: Two positions where a single capture of a dearer man wins (a medeq takes a der; another takes a der).
EXCHANGES = (
    "1k2qb1r/1pp1ppp1/2rp3p/p2P1B2/2b1P3/1N4PN/P4PQP/R1B1K2n w - - 3 17 0/0",
    "3k2r1/p2qp1p1/3b4/8/1p3r2/3BB1P1/b1Q1P3/R2K2R1 w - - 4 33 0/0",
)


def test_a_game_gives_one_exchange_and_leaves_room_for_the_other_ideas(monkeypatch):
    positions = [(fen, f"ply {ply}") for ply, fen in enumerate((*EXCHANGES, BEFORE_THE_SLIP))]
    monkeypatch.setattr(harvest, "selfplay_positions", lambda seed, game: positions)
    monkeypatch.setattr(harvest, "MATERIAL_GAP", 0)
    found = harvest.selfplay_material_job(1, 0)
    assert [f.moves for f in found if is_exchange(f.fen, f.moves)] == ["d5c6"]
    assert ("b5c7 e8d8 c7a8", "ply 2 after d8e8") in [(f.moves, f.source) for f in found]
    assert all(material_puzzle(fen, "x") is not None for fen in EXCHANGES)
