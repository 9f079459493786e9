"""Generates the puzzle fixture: runs the jobs of `trainer.generate.job_order` (self-play games and
constructed positions) on a few processes, keeps every proved puzzle in a state file as each job ends (so a
stopped run resumes where it was: the jobs it has done are replayed from the file, and it stops where a run
from scratch would), and writes a balanced selection as a JSON Lines fixture.

Three runs made `fixtures/puzzles.jsonl`:

    python manage.py generate_puzzles --seed 1 --count 600
    python manage.py generate_puzzles --deep --seed 1 --count 100 --workers 2
    python manage.py generate_puzzles --grow --seed 2 --count 1500 --workers 2

and then `fill_refutations` gave each turn-based puzzle the engine's answers to its wrong first moves
(`trainer.refutations`): the runs keep the answers of the puzzles they keep, and a new puzzle has none until
it runs again.

The first writes the fixture afresh (its 600 puzzles were made at commit eabcc3a; the proofs have been made
quicker since, so their node counts, and with them a rating or a node-limited search, may now come out a
little differently). The second, `--deep`, adds deep mates to it: mates in three to five and two-fil mates
climbed from constructed positions (`deep_jobs` in `trainer.generate.job_order`), and deep mates from
self-play games looked for with larger budgets. It keeps every puzzle whose source does not begin with "deep"
exactly as it is, pk included, and appends up to `--count` new ones after the largest pk, chosen so that no
theme goes over its share of the whole file; it runs jobs until the whole file meets `DEEP_GOALS` (at least 15
mates in five, 25 in four and 8 two-fil mates) with `--count` new puzzles, or `--max-jobs` have run. Its state
file is the output + `.deep.state`. Everything is seeded: the same seed gives the same file, and a second run
on its own output writes the same deep puzzles again. For the fixture it ran 150 jobs in about 18 minutes on
two cores.

The third, `--grow` (`trainer.generate.growth`), proves every puzzle of the file again with today's proofs,
retires the ones they refuse (`"active": false`: the line stays, and so do players' tries), tags and rates
the others again, and adds new puzzles after the largest pk from `grow_jobs` (those of both runs above, with
the werera games and material ideas among them), each proved again before it is kept, until `--count`
puzzles are active, every theme within its share and every goal of `growth.GOALS` met. Its state file is
the output + `.grow.state`; the jobs it holds are replayed in their order wherever they stand, so a state
file put together from the other runs' (same seed, same job names) serves too.
"""

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from trainer.generate.deep import DEEP_KIND
from trainer.generate.finders import Found
from trainer.generate.growth import counts_of, proved, reprove, select_grown, short_goals
from trainer.generate.job_order import deep_jobs, grow_jobs, job_name, jobs, run_job
from trainer.generate.selection import Tagged, goals_met, select, select_more, tag

CREATED = "2025-01-01T00:00:00Z"


def _run_and_tag(
    seed: int, tagger: Callable[[Found], Tagged | None], job: tuple[str, int, int]
) -> tuple[list[Found], list[Tagged | None]]:
    """One job and its puzzles tagged, in the worker: the pool's queue is first come first served, so work
    sent from the loop while the jobs are queued would wait for all of them."""
    found = run_job(seed, job)
    return found, [tagger(f) for f in found]


class Command(BaseCommand):
    help = (
        "Harvest, prove, tag and rate puzzles into a JSON Lines fixture; with --deep, append deep mates"
        " (mates in three to five, two-fil mates) to the puzzles already there, keeping them and their ids."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--count",
            type=int,
            default=None,
            help="puzzles in the fixture (default 600), or with --deep puzzles to add (default 100)",
        )
        parser.add_argument("--output", default="fixtures/puzzles.jsonl")
        parser.add_argument(
            "--state", default=None, help="state file (default: the output + .state, or + .deep.state)"
        )
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--max-jobs", type=int, default=5000)
        parser.add_argument(
            "--deep",
            action="store_true",
            help="keep the fixture's puzzles and append deep mates and two-fil mates after them",
        )
        parser.add_argument(
            "--grow",
            action="store_true",
            help="prove the fixture's puzzles again (retiring the refused ones, re-tagging and re-rating the"
            " others) and add new ones until --count puzzles are active (default 1500)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        seed = options["seed"]
        output = Path(options["output"])
        deep, grow = options["deep"], options["grow"]
        target = options["count"] or (100 if deep else 1500 if grow else 600)
        state = Path(options["state"] or f"{output}{'.deep' if deep else '.grow' if grow else ''}.state")
        start = time.monotonic()
        if grow:
            chosen = self._grow(seed, output, state, target, options)
        elif deep:
            kept_lines = [
                line
                for line in output.read_text().splitlines()
                if line.strip() and not json.loads(line)["fields"]["source"].startswith(DEEP_KIND)
            ]
            kept = [
                (record["fields"]["fen"], record["fields"]["themes"].split())
                for record in map(json.loads, kept_lines)
            ]

            def choose(candidates: list[Tagged]) -> list[Tagged]:
                return select_more(kept, candidates, target)

            def enough(chosen: list[Tagged]) -> bool:
                return len(chosen) >= target and goals_met(kept, chosen)

            chosen = self._run(seed, deep_jobs(seed), state, options, choose, enough)
            first_pk = max((json.loads(line)["pk"] for line in kept_lines), default=0) + 1
            self._write(output, chosen, kept_lines, first_pk)
        else:
            chosen = self._run(
                seed,
                jobs(seed),
                state,
                options,
                lambda candidates: select(candidates, target),
                lambda chosen: len(chosen) >= target,
            )
            self._write(output, chosen)
        self.stdout.write(f"wrote {len(chosen)} puzzles to {output} in {time.monotonic() - start:.0f}s")

    def _grow(
        self, seed: int, output: Path, state: Path, target: int, options: dict[str, Any]
    ) -> list[Tagged]:
        """The fixture proved again and grown to `target` active puzzles (see `trainer.generate.growth`)."""
        records = [json.loads(line) for line in output.read_text().splitlines() if line.strip()]
        with Pool(options["workers"]) as pool:
            verdicts = pool.map(reprove, records, chunksize=4)
        reasons = Counter(v.retired.split(":")[0] for v in verdicts if v.retired is not None)
        for reason, number in reasons.most_common():
            self.stdout.write(f"retired {number}: {reason}")
        kept = [
            (v.record["fields"]["fen"], v.record["fields"]["themes"].split())
            for v in verdicts
            if v.retired is None
        ]
        wanted = max(0, target - len(kept))
        self.stdout.write(f"{len(kept)} of {len(records)} puzzles kept, {wanted} to add")

        def enough(chosen: list[Tagged]) -> bool:
            return len(chosen) >= wanted and not short_goals(
                counts_of([*kept, *((c.found.fen, c.themes) for c in chosen)])
            )

        chosen = (
            []
            if enough([])
            else self._run(
                seed, grow_jobs(seed), state, options, lambda c: select_grown(kept, c, wanted), enough, proved
            )
        )
        first_pk = max((record["pk"] for record in records), default=0) + 1
        self._write(output, chosen, [json.dumps(v.record) for v in verdicts], first_pk)
        return chosen

    def _run(
        self,
        seed: int,
        all_jobs: Iterator[tuple[str, int, int]],
        state: Path,
        options: dict[str, Any],
        choose: Callable[[list[Tagged]], list[Tagged]],
        enough: Callable[[list[Tagged]], bool],
        tagger: Callable[[Found], Tagged | None] = tag,
    ) -> list[Tagged]:
        """Runs the jobs in their order until `enough` holds for the chosen puzzles, looked at after every
        tenth job and after the last. The jobs the state file has already done are replayed from it, so a
        resumed run stops where a run from scratch would, and writes the same file."""
        start = time.monotonic()
        ordered = list(islice(all_jobs, options["max_jobs"]))
        candidates: list[Tagged] = []
        with Pool(options["workers"]) as pool, state.open("a") as log:
            recorded = self._resume(state, pool, tagger)
            self.stdout.write(f"resuming with {len(recorded)} jobs done")
            pending = [job for job in ordered if job_name(seed, job) not in recorded]
            results = pool.imap(partial(_run_and_tag, seed, tagger), pending)
            for number, job in enumerate(ordered, start=1):
                name = job_name(seed, job)
                if name in recorded:
                    candidates.extend(recorded[name])
                else:
                    found, tagged = next(results)
                    log.write(json.dumps({"job": name, "found": [f.as_dict() for f in found]}) + "\n")
                    log.flush()
                    candidates.extend(t for t in tagged if t is not None)
                if number % 10 == 0 or number == len(ordered):
                    chosen = choose(candidates)
                    self.stdout.write(
                        f"{number} jobs, {len(candidates)} found, {len(chosen)} chosen,"
                        f" {time.monotonic() - start:.0f}s"
                    )
                    if enough(chosen):
                        pool.terminate()
                        return chosen
        return choose(candidates)

    def _resume(
        self, state: Path, pool: PoolType, tagger: Callable[[Found], Tagged | None]
    ) -> dict[str, list[Tagged]]:
        """The puzzles each job of the state file found, by the job's name, tagged and rated again (on the
        workers: a rating searches)."""
        records = [json.loads(line) for line in state.read_text().splitlines()] if state.exists() else []
        found = [Found(**f) for record in records for f in record["found"]]
        tagged = iter(pool.map(tagger, found, chunksize=16))
        kept = {record["job"]: [next(tagged) for _ in record["found"]] for record in records}
        return {job: [t for t in found if t is not None] for job, found in kept.items()}

    def _write(
        self, output: Path, chosen: list[Tagged], kept_lines: list[str] | None = None, first_pk: int = 1
    ) -> None:
        """The kept lines as they were, then the chosen puzzles by rating from `first_pk` on."""
        ordered = sorted(chosen, key=lambda t: (t.rating, t.found.source))
        with output.open("w") as fixture:
            for line in kept_lines or []:
                fixture.write(line + "\n")
            for pk, tagged in enumerate(ordered, start=first_pk):
                fields = {
                    "fen": tagged.found.fen,
                    "moves": tagged.found.moves,
                    "themes": " ".join(tagged.themes),
                    "rating": tagged.rating,
                    "source": tagged.found.source,
                    **({"rounds": tagged.found.rounds} if tagged.found.rounds else {}),
                    "created": CREATED,
                }
                fixture.write(json.dumps({"model": "trainer.puzzle", "pk": pk, "fields": fields}) + "\n")
