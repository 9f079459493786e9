"""Proves every active puzzle of a JSON Lines fixture again from scratch (a legal line, the only winning move
at every solver step, a mate at the end, the themes the predicates give) and reports each failure; retired
puzzles (`"active": false`, kept so that players' tries stay) are counted and left alone. The proofs are
spread over the workers longest line first, so that the few deep mates do not all end up last.

With `--second` it judges every active material and werera puzzle a second time, more strictly
(`trainer.generate.second_judgement`), and writes the verdicts into the file: a failure retired
(`"active": false`) with its reason kept for the curators as a re-validation in `--reasons` (the puzzle's
history, loaded with the fixtures), a solution that begins a forced mate given the mate's line and tags, a
simple capture rated again. It prints how many of each, the retired by reason. Run `fill_refutations`
after it, for the lines it changed:

    nice python manage.py validate_puzzles --second
    nice python manage.py fill_refutations
"""

import json
import re
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.generate.second_judgement import Judgement, judge_again
from trainer.puzzle_proofs import validate

#: When the second judgement's reasons are dated in the curators' history.
JUDGED = "2026-12-02T00:00:00Z"


def _check(record: dict[str, Any]) -> tuple[int, str | None]:
    fields = record["fields"]
    return record["pk"], validate(
        fields["fen"], fields["moves"], fields.get("themes"), fields.get("rounds", "")
    )


class Command(BaseCommand):
    help = "Re-prove every puzzle of a fixture; exits non-zero if any fails."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", default="fixtures/puzzles.jsonl")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--second", action="store_true", help="judge again, more strictly, and write")
        parser.add_argument("--reasons", default="fixtures/puzzle_retirements.jsonl")

    def handle(self, *args: Any, **options: Any) -> None:
        every = [json.loads(line) for line in Path(options["file"]).read_text().splitlines() if line.strip()]
        records = [record for record in every if record["fields"].get("active", True)]
        if options["second"]:
            self._second(every, records, options)
            return
        start = time.monotonic()
        # the longest lines first, one at a time: the deep mates cost the most, and the workers share them
        longest_first = sorted(records, key=lambda record: -len(record["fields"]["moves"].split()))
        with Pool(options["workers"]) as pool:
            results = sorted(pool.imap_unordered(_check, longest_first))
        seconds = time.monotonic() - start
        failures = [(pk, reason) for pk, reason in results if reason is not None]
        for pk, reason in failures:
            self.stdout.write(f"puzzle {pk}: {reason}")
        per_puzzle = seconds / len(records) if records else 0.0
        self.stdout.write(
            f"{len(records) - len(failures)} of {len(records)} puzzles proved in {seconds:.1f}s"
            f" ({per_puzzle * 1000:.0f} ms a puzzle on {options['workers']} workers);"
            f" {len(every) - len(records)} retired"
        )
        if failures:
            raise CommandError(f"{len(failures)} puzzles failed")

    def _second(
        self, every: list[dict[str, Any]], active: list[dict[str, Any]], options: dict[str, Any]
    ) -> None:
        start = time.monotonic()
        with Pool(options["workers"]) as pool:
            judged: list[Judgement] = pool.map(
                judge_again, [record["fields"] for record in active], chunksize=2
            )
        reasons = Path(options["reasons"])
        changes = [json.loads(line) for line in reasons.read_text().splitlines()] if reasons.exists() else []
        retired: Counter[str] = Counter()
        for record, judgement in zip(active, judged, strict=True):
            record["fields"] = judgement.fields
            if judgement.retired is not None:
                retired[_kind_of(judgement.retired)] += 1
                self.stdout.write(f"puzzle {record['pk']} retired: {judgement.retired}")
                changes.append(_reason(len(changes) + 1, record["pk"], judgement.retired))
        Path(options["file"]).write_text("".join(json.dumps(record) + "\n" for record in every))
        reasons.write_text("".join(json.dumps(change) + "\n" for change in changes))
        for kind, number in retired.most_common():
            self.stdout.write(f"retired {number}: {kind}")
        mates = sum(judgement.mate for judgement in judged)
        rerated = sum(judgement.rerated for judgement in judged)
        still = sum(1 for record in every if record["fields"].get("active", True))
        self.stdout.write(
            f"{len(active)} judged again in {time.monotonic() - start:.0f}s: {sum(retired.values())} retired,"
            f" {mates} given their mate's line and tags, {rerated} simple captures rated again;"
            f" {still} active"
        )


def _kind_of(reason: str) -> str:
    """A reason without its moves and numbers: what kind of failure it is."""
    return re.sub(r"\b[a-h][1-8][a-h][1-8][rnbq]?\b|\d+", "N", reason.split("): ")[-1])


def _reason(pk: int, puzzle: int, reason: str) -> dict[str, Any]:
    """The reason as the curators read it: a re-validation in the puzzle's history, by the site itself."""
    fields: dict[str, Any] = {
        "puzzle": puzzle,
        "user": None,
        "kind": "validated",
        "fields": {},
        "note": reason,
    }
    return {
        "model": "trainer.puzzlechange",
        "pk": pk,
        "fields": {**fields, "report": None, "created": JUDGED},
    }
