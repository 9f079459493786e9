"""Fits the difficulty model of the puzzles' starting ratings to simulated solvers and shows the fit: the
solvers of every strength try the active puzzles of a fixture (or a seeded sample of them), the model is
fitted to their results and anchored (`trainer.generate.calibration`), and the command prints each solver's
rating, the model's coefficients (the constants of `trainer.generate.difficulty`), its error, the share of
the pool on the floor and the ceiling, and per solver and rating band the solve rate the model predicts
beside the simulated one."""

import json
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from trainer.generate.calibration import (
    BANDS,
    MIN_SUPPORT,
    Simulated,
    can_happen,
    errors,
    fit_pool,
    percentile,
    simulate_one,
    table,
)
from trainer.generate.difficulty import CEILING, FEATURES, FLOOR, clipped
from trainer.generate.solvers import BUDGETS


def _simulate(job: tuple[int, str, str, str, int]) -> Simulated:
    return simulate_one(*job)


class Command(BaseCommand):
    help = "Fit the puzzles' starting ratings to simulated solvers and print the fit."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", default="fixtures/puzzles.jsonl")
        parser.add_argument("--sample", type=int, default=0, help="puzzles drawn at random (0: all)")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--workers", type=int, default=2)

    def handle(self, *args: Any, **options: Any) -> None:
        lines = Path(options["file"]).read_text().splitlines()
        records = [json.loads(line) for line in lines if line.strip()]
        active = [record for record in records if record["fields"].get("active", True)]
        possible = [record for record in active if can_happen(record["fields"]["fen"])]
        left_out, active = len(active) - len(possible), possible
        if options["sample"] and options["sample"] < len(active):
            active = random.Random(options["seed"]).sample(active, options["sample"])
        jobs = [
            (r["pk"], r["fields"]["fen"], r["fields"]["moves"], r["fields"]["themes"], options["seed"])
            for r in active
        ]
        start = time.monotonic()
        with Pool(options["workers"]) as pool:
            simulated = sorted(pool.imap_unordered(_simulate, jobs, chunksize=4), key=lambda s: s.key)
        simulating = time.monotonic() - start
        start = time.monotonic()
        model, unweighed, simulated = fit_pool(simulated)
        fitting = time.monotonic() - start
        write = self.stdout.write
        write(
            f"{len(simulated)} puzzles, {len(BUDGETS)} solvers, seed {options['seed']}:"
            f" simulated in {simulating:.0f}s on {options['workers']} workers, fitted in {fitting:.1f}s;"
            f" {left_out} werera puzzles left out, which no game can reach (fewer than 32 men, R5.11)"
        )
        if unweighed:
            write(
                f"not weighed (fewer than {MIN_SUPPORT} puzzles have them): {', '.join(unweighed)};"
                f" fitted to the {len(simulated)} puzzles without them"
            )
        write("solvers (budget in nodes: rating, gap to the one below):")
        below = None
        for budget, rating in zip(BUDGETS, model.solvers, strict=True):
            gap = "" if below is None else f", +{rating - below:.0f}"
            write(f"  {budget:>5}: {rating:.0f}{gap}")
            below = rating
        write(f"RATING_AT_ZERO = {model.at_zero:.1f}")
        write("WEIGHTS = {" + ", ".join(f'"{name}": {model.weights[name]:.1f}' for name in FEATURES) + "}")
        loss, brier = errors(model, simulated)
        ratings = [clipped(model.rating(item.features.values)) for item in simulated]
        floor = sum(r == FLOOR for r in ratings) / len(ratings)
        ceiling = sum(r == CEILING for r in ratings) / len(ratings)
        write(
            f"log loss {loss:.3f}, Brier score {brier:.3f};"
            f" on the floor {floor:.1%}, on the ceiling {ceiling:.1%}"
        )
        spread = ", ".join(
            f"{share:.0%} {percentile(ratings, share):.0f}" for share in (0.02, 0.25, 0.5, 0.75, 0.98)
        )
        write(f"percentiles of the pool's ratings: {spread}")
        counts = [
            sum(low <= r < low + 300 or (r == CEILING and low == BANDS[-1]) for r in ratings) for low in BANDS
        ]
        write(
            "puzzles by band: "
            + ", ".join(f"{low}-{low + 300}: {n}" for low, n in zip(BANDS, counts, strict=True))
        )
        write("solve rate, simulated / predicted (tries), by solver and band:")
        write("  solver " + "".join(f"{f'{low}-{low + 300}':>18}" for low in BANDS))
        squared, cells = 0.0, 0
        for budget, rating, row in zip(BUDGETS, model.solvers, table(model, simulated), strict=True):
            text = []
            for cell in row:
                if cell is None:
                    text.append(f"{'-':>18}")
                    continue
                text.append(f"{f'{cell.simulated:.0%} / {cell.predicted:.0%} ({cell.tries})':>18}")
                squared += cell.tries * (cell.simulated - cell.predicted) ** 2
                cells += cell.tries
            write(f"  {budget:>5} ({rating:.0f})" + "".join(text))
        write(
            "weighted root mean square of simulated - predicted over the cells:"
            f" {(squared / cells) ** 0.5:.3f}"
        )
