"""Puzzle generation: positions harvested from bot self-play (werera included) and from constructed endgames,
mates found and proved by the engine's proofs, themes tagged by `trainer.themes`, and an initial rating.

Everything here is deterministic for a seed: the bots play without a clock, the random placements come from
seeded generators and the searches are bounded by nodes, not time. `generate_puzzles` runs the jobs of
`job_order`; the validator (`trainer.puzzle_proofs`) proves the result again, and only it is imported by the
site."""
