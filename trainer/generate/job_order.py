"""The generator's jobs in their fixed, endless order, and what each one runs."""

from collections.abc import Iterator
from itertools import count, islice

from trainer.generate.constructed import CROWDED, ENDGAMES, RULE_ENDGAMES, constructed_job
from trainer.generate.deep import DEEP_SETS, TWO_FIL_SETS, deep_job, selfplay_deep_job
from trainer.generate.finders import Found
from trainer.generate.harvest import selfplay_job, selfplay_material_job
from trainer.generate.werera_games import werera_job

SETS = {"endgame": ENDGAMES, "rules": RULE_ENDGAMES, "crowded": CROWDED}
GAMES_PER_ROUND = 2


def jobs(seed: int) -> Iterator[tuple[str, int, int]]:
    """The endless, fixed order of jobs. Each round plays two self-play games and draws batches of
    constructed positions, the material sets taken in turn; crowded positions, the best source of mates in
    two and more, twice as often, a batch of werera games, and material puzzles from one self-play game
    and two batches of crowded positions. Material puzzles by the stricter proof are rare, and the crowded
    batches find them cheapest: a self-play game gives about 1.5 in 6 s (its positions and the slips one
    move after them), a crowded batch about 0.6 in 1.3 s."""
    for round_number in count():
        for game in range(GAMES_PER_ROUND):
            yield ("selfplay", round_number * GAMES_PER_ROUND + game, 0)
        yield ("endgame", round_number % len(ENDGAMES), round_number // len(ENDGAMES))
        yield ("rules", round_number % len(RULE_ENDGAMES), round_number // len(RULE_ENDGAMES))
        for batch in (2 * round_number, 2 * round_number + 1):
            yield ("crowded", batch % len(CROWDED), batch // len(CROWDED))
        # a name of its own: old state files hold constructed "werera" jobs
        yield ("werera-games", round_number, 0)
        yield ("selfplay-material", round_number, 0)
        for batch in (2 * round_number, 2 * round_number + 1):
            yield ("crowded-material", batch % len(CROWDED), batch // len(CROWDED))


def deep_jobs(seed: int) -> Iterator[tuple[str, int, int]]:
    """The endless, fixed order of the deep jobs (`generate_puzzles --deep`): each round climbs two batches
    of deep mates and one of two-fil mates, and looks through one self-play game with the deep budgets."""
    for round_number in count():
        for batch in (2 * round_number, 2 * round_number + 1):
            yield ("deep", batch % len(DEEP_SETS), batch // len(DEEP_SETS))
        yield ("two-fil", round_number % len(TWO_FIL_SETS), round_number // len(TWO_FIL_SETS))
        yield ("selfplay-deep", round_number, 0)


def grow_jobs(seed: int) -> Iterator[tuple[str, int, int]]:
    """The endless, fixed order of the jobs that grow a pool (`generate_puzzles --grow`): each round the jobs
    of one round of `jobs` and, every fourth round, of `deep_jobs` (a deep job costs as much as a round),
    named as they are there, so that the state files of those runs serve again."""
    deep = deep_jobs(seed)
    for job in jobs(seed):
        yield job
        if job[0] == "werera-games" and job[1] % 4 == 0:  # once a round, the round's number in its name
            yield from islice(deep, 4)


def job_name(seed: int, job: tuple[str, int, int]) -> str:
    kind, first, second = job
    return f"{kind} {seed} {first} {second}"


def run_job(seed: int, job: tuple[str, int, int]) -> list[Found]:
    kind, first, second = job
    if kind == "selfplay":
        return selfplay_job(seed, first)
    if kind == "selfplay-material":
        return selfplay_material_job(seed, first)
    if kind == "deep":
        return deep_job(seed, first, second)
    if kind == "two-fil":
        return deep_job(seed, first, second, two_fil=True)
    if kind == "selfplay-deep":
        return selfplay_deep_job(seed, first)
    if kind == "werera-games":
        return werera_job(seed, first)
    if kind == "crowded-material":
        return constructed_job(seed, first, second, CROWDED, material_only=True)
    return constructed_job(seed, first, second, SETS[kind])
