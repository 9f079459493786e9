"""Proves every active puzzle of a JSON Lines fixture again from scratch (a legal line, the only winning move
at every solver step, a mate at the end, the themes the predicates give) and reports each failure; retired
puzzles (`"active": false`, kept so that players' tries stay) are counted and left alone. The proofs are
spread over the workers longest line first, so that the few deep mates do not all end up last."""

import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.puzzle_proofs import validate


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

    def handle(self, *args: Any, **options: Any) -> None:
        every = [json.loads(line) for line in Path(options["file"]).read_text().splitlines() if line.strip()]
        records = [record for record in every if record["fields"].get("active", True)]
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
