"""The men of Senterej: colours, kinds, their letters (R1.2) and starting numbers (R1.4)."""

from typing import NamedTuple

WHITE = 0
BLACK = 1
COLOURS = (WHITE, BLACK)
COLOUR_NAMES = ("white", "black")

MEDEQ = 1  # pawn
FERES = 2  # knight
FIL = 3  # alfil
DER = 4  # rook
FERS = 5  # ferz
NEGUS = 6  # king

KINDS = (MEDEQ, FERES, FIL, DER, FERS, NEGUS)
#: A *piece* in the sense of R7: a man that is neither the negus nor a medeq. Also the kinds a medeq may
#: become (R3.1), in the order the moves and the board offer them.
PIECE_KINDS = (FERS, DER, FIL, FERES)

LETTERS = {MEDEQ: "P", FERES: "N", FIL: "B", DER: "R", FERS: "Q", NEGUS: "K"}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
NAMES = {MEDEQ: "medeq", FERES: "feres", FIL: "fil", DER: "der", FERS: "fers", NEGUS: "negus"}

START_COUNT = {NEGUS: 1, FERS: 1, DER: 2, FIL: 2, FERES: 2, MEDEQ: 8}
#: What the men are worth, in centipawns: the fers and fil are weak (R2.4, R2.5), so a der or feres counts for
#: far more; the negus is never taken. The bots' evaluation weighs material with it, and so do the proofs of
#: material puzzles: a change here changes which of those puzzles are sound, so they must be proved again.
VALUE = {MEDEQ: 100, FERS: 180, FIL: 150, FERES: 300, DER: 500, NEGUS: 0}


class Piece(NamedTuple):
    colour: int
    kind: int

    @property
    def letter(self) -> str:
        letter = LETTERS[self.kind]
        return letter if self.colour == WHITE else letter.lower()

    @property
    def name(self) -> str:
        return NAMES[self.kind]

    @classmethod
    def from_letter(cls, letter: str) -> "Piece":
        return cls(WHITE if letter.isupper() else BLACK, KIND_OF_LETTER[letter.upper()])
