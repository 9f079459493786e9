"""Generates werera puzzles (`trainer.generate.werera`): runs the seeded werera jobs on a few processes until
enough different positions are found, enough of them for the slower side, then writes them tagged and rated
as fixture records without ids, one JSON object a line, the slower side's puzzles first:

    python manage.py generate_werera_puzzles --seed 1 --count 100 --slower 40 --output werera-new.jsonl
"""

import json
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from senterej.engine.notation import parse_coordinate
from senterej.engine.position import Position
from senterej.engine.werera import quicker_side
from trainer.generate.finders import Found, position_key
from trainer.generate.selection import tag
from trainer.generate.werera import GAMES_PER_JOB, werera_job

CREATED = "2025-01-01T00:00:00Z"


def solver_is_slower(found: Found) -> bool:
    position = Position.from_fen(found.fen)
    man = position.piece_at(parse_coordinate(found.moves) & 63)
    assert man is not None and position.werera is not None
    return man.colour != quicker_side(position.werera)


class Command(BaseCommand):
    help = "Play seeded werera games and write the werera puzzles found in them as JSON Lines."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--count", type=int, default=100)
        parser.add_argument("--slower", type=int, default=40, help="puzzles for the slower side, at least")
        parser.add_argument("--output", default="werera-puzzles.jsonl")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--max-jobs", type=int, default=2000)

    def handle(self, *args: Any, **options: Any) -> None:
        start = time.monotonic()
        found: dict[str, Found] = {}
        slower = done = 0
        jobs = range(options["max_jobs"])
        with Pool(options["workers"]) as pool:
            for batch in pool.imap(partial(werera_job, options["seed"]), jobs):
                done += 1
                for puzzle in batch:
                    if position_key(puzzle.fen) not in found:
                        found[position_key(puzzle.fen)] = puzzle
                        slower += solver_is_slower(puzzle)
                if len(found) >= options["count"] and slower >= options["slower"]:
                    pool.terminate()
                    break
        chosen = sorted(found.values(), key=lambda f: (not solver_is_slower(f), f.source))[: options["count"]]
        with Path(options["output"]).open("w") as output:
            for puzzle in chosen:
                tagged = tag(puzzle)
                fields = {
                    "fen": puzzle.fen,
                    "moves": puzzle.moves,
                    "themes": " ".join(tagged.themes),
                    "rating": tagged.rating,
                    "source": puzzle.source,
                    "rounds": puzzle.rounds,
                    "created": CREATED,
                }
                output.write(json.dumps({"model": "trainer.puzzle", "fields": fields}) + "\n")
        self.stdout.write(
            f"wrote {len(chosen)} werera puzzles ({sum(map(solver_is_slower, chosen))} for the slower side)"
            f" from {done} jobs ({done * GAMES_PER_JOB} games) in {time.monotonic() - start:.0f}s"
        )
