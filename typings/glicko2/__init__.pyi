from glicko2.glicko2 import Player as Player
