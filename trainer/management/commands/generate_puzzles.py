"""Generates the puzzle fixture: runs the jobs of `trainer.puzzles` (self-play games and constructed
positions) on a few processes, keeps every proved puzzle in a state file as each job ends (so a stopped run
resumes where it was), and writes a balanced selection as a JSON Lines fixture."""

import json
import time
from functools import partial
from itertools import islice
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from trainer.puzzles import Found, Tagged, job_name, jobs, run_job, select, tag

CREATED = "2025-01-01T00:00:00Z"


class Command(BaseCommand):
    help = "Harvest, prove, tag and rate puzzles into a JSON Lines fixture."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--count", type=int, default=600, help="puzzles wanted in the fixture")
        parser.add_argument("--output", default="fixtures/puzzles.jsonl")
        parser.add_argument("--state", default=None, help="state file (default: the output + .state)")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--max-jobs", type=int, default=5000)

    def handle(self, *args: Any, **options: Any) -> None:
        seed, target = options["seed"], options["count"]
        output = Path(options["output"])
        state = Path(options["state"] or f"{output}.state")
        done, candidates = self._resume(state)
        self.stdout.write(f"resuming with {len(done)} jobs done, {len(candidates)} puzzles found")
        start = time.monotonic()
        pending = [job for job in islice(jobs(seed), options["max_jobs"]) if job_name(seed, job) not in done]
        chosen = select(candidates, target)
        if len(chosen) < target and pending:
            with Pool(options["workers"]) as pool, state.open("a") as log:
                results = pool.imap(partial(run_job, seed), pending)
                for number, (job, found) in enumerate(zip(pending, results, strict=True)):
                    log.write(json.dumps({"job": job_name(seed, job), "found": [f.as_dict() for f in found]}))
                    log.write("\n")
                    log.flush()
                    candidates.extend(tag(f) for f in found)
                    if number % 10 == 9 or number == len(pending) - 1:
                        chosen = select(candidates, target)
                        self.stdout.write(
                            f"{len(done) + number + 1} jobs, {len(candidates)} found, {len(chosen)} chosen,"
                            f" {time.monotonic() - start:.0f}s"
                        )
                        if len(chosen) >= target:
                            pool.terminate()
                            break
        chosen = select(candidates, target)
        self._write(output, chosen)
        self.stdout.write(f"wrote {len(chosen)} puzzles to {output} in {time.monotonic() - start:.0f}s")

    def _resume(self, state: Path) -> tuple[set[str], list[Tagged]]:
        done: set[str] = set()
        candidates: list[Tagged] = []
        if state.exists():
            for line in state.read_text().splitlines():
                record = json.loads(line)
                done.add(record["job"])
                candidates.extend(tag(Found(**found)) for found in record["found"])
        return done, candidates

    def _write(self, output: Path, chosen: list[Tagged]) -> None:
        ordered = sorted(chosen, key=lambda t: (t.rating, t.found.source))
        with output.open("w") as fixture:
            for pk, tagged in enumerate(ordered, start=1):
                fields = {
                    "fen": tagged.found.fen,
                    "moves": tagged.found.moves,
                    "themes": " ".join(tagged.themes),
                    "rating": tagged.rating,
                    "source": tagged.found.source,
                    "created": CREATED,
                }
                fixture.write(json.dumps({"model": "trainer.puzzle", "pk": pk, "fields": fields}) + "\n")
