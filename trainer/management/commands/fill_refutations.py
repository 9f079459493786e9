"""Works out, in a JSON Lines fixture, the engine's answer to every wrong first move of each turn-based
puzzle (`trainer.refutations`), retired ones too, and keeps it in the puzzle's record (`refutations`), so that
a site loaded from the fixture answers a first wrong move without a search. Answers already there for the
record's position and budget are kept; only the missing ones are searched, on a few processes. The file is
written again every SAVE_EVERY puzzles, so that a stopped run goes on from there.

    nice python manage.py fill_refutations --workers 2

`generate_puzzles` writes records without answers: run this after it."""

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from trainer.refutations import worked_out

#: The file is written again after this many puzzles.
SAVE_EVERY = 50


def _work(index: int, fields: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    return index, worked_out(fields["fen"], fields["moves"], fields.get("refutations"))


class Command(BaseCommand):
    help = "Work out the engine's answers to the wrong first moves of a fixture's puzzles, kept in the file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", default="fixtures/puzzles.jsonl")
        parser.add_argument("--workers", type=int, default=2)

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        start = time.monotonic()
        changed = 0
        with ProcessPoolExecutor(options["workers"]) as pool:
            futures = [pool.submit(_work, index, record["fields"]) for index, record in enumerate(records)]
            for done, future in enumerate(as_completed(futures), start=1):
                index, found = future.result()
                fields = records[index]["fields"]
                if found != fields.get("refutations"):
                    changed += 1
                    if found is None:
                        del fields["refutations"]
                    else:
                        fields["refutations"] = found
                if done % SAVE_EVERY == 0 or done == len(records):
                    _write(path, records)
                    seconds = time.monotonic() - start
                    self.stdout.write(f"{done} of {len(records)} puzzles, {changed} changed, {seconds:.0f}s")
        self.stdout.write(f"{changed} puzzles given new answers in {time.monotonic() - start:.0f}s")


def _write(path: Path, records: list[dict[str, Any]]) -> None:
    """The records as the fixture writes them, one a line, replacing the file whole."""
    written = path.with_name(path.name + ".writing")
    written.write_text("".join(json.dumps(record) + "\n" for record in records))
    os.replace(written, path)
