"""The analysis board's pages: the board at an address (moves tried on it make a new address), the engine's
evaluation asked for and polled, and playing on against a bot from the position shown."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import push_url

from accounts import throttle
from accounts.clients import client_address
from accounts.requests import HtmxHttpRequest
from analysis import evaluations
from analysis.address import Address, AddressError, read
from analysis.evaluation_words import shown, werera_choice
from analysis.forms import PlayOnForm, blank_play_on_fields
from analysis.models import Evaluation
from analysis.step_markup import draw_steps
from analysis.steps import Walked, seen_keys, tried, walk
from play import bot_quota, services
from play.game_words import result_sentence
from play.models import Game
from play.seats import remember
from senterej.board.sides import Side
from senterej.board.view import BoardView
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import IllegalMoveError

#: The longest move a person types (SAN with a disambiguation and a promotion is well under it).
LONGEST_MOVE = 12
#: New questions to the engine a visitor (the account, or the session) may ask in a minute, and an address
#: (a whole school may share one): the analysis queue's workers are everyone's.
EVALUATIONS_PER_VISITOR = throttle.Rate(count=10, seconds=60)
EVALUATIONS_PER_ADDRESS = throttle.Rate(count=120, seconds=60)
#: New questions of a visitor's that may wait for the engine at once: one worker answers them in turn, so a
#: visitor's fourth would only make everyone else's wait longer.
EVALUATIONS_WAITING_PER_VISITOR = 3
#: The same for an address whose visitors have neither an account nor a session: a class may share one.
EVALUATIONS_WAITING_PER_ADDRESS = 30


@require_safe
def board(request: HtmxHttpRequest) -> HttpResponse:
    try:
        state = walk(read(request.GET))
    except AddressError as error:
        return refused(request, error.message)
    move = request.GET.get("move")
    if move is None:
        return draw(request, state)
    try:
        if len(move) > LONGEST_MOVE:
            raise IllegalMoveError(_("That is not a move: write it like e2e3, or in short like Nf3."))
        address = tried(state, move)
    except IllegalMoveError as error:
        return draw(request, state, error=str(error), status=400)
    url = page_url(address)
    if not request.htmx:
        return redirect(url)
    return push_url(draw(request, walk(address)), url)


def page_url(address: Address, board_url: str = "") -> str:
    """The address's page; `board_url`, the board's own address, when it is already known."""
    query = address.query()
    return (board_url or reverse("analysis:board")) + (f"?{query}" if query else "")


def step_urls(address: Address, board_url: str = "") -> list[str]:
    """The page of each step of the address, the start's first: the line's own page with `at`, which
    `Address.query` writes last, so that the line's query is written once and not once a step."""
    line = page_url(address.at_step(address.length), board_url)
    joint = "&" if "?" in line else "?"
    return [f"{line}{joint}at={step}" for step in range(address.length)] + [line]


def refused(request: HtmxHttpRequest, message: str) -> HttpResponse:
    """An address no board makes: said, with the starting position's board to begin again."""
    return draw(request, walk(Address()), error=message, status=400, refused=True)


def draw(
    request: HtmxHttpRequest, state: Walked, error: str = "", status: int = 200, refused: bool = False
) -> HttpResponse:
    template = "analysis/board.html#analysis" if request.htmx else "analysis/board.html"
    return render(request, template, board_context(request, state, error, refused), status=status)


def board_context(request: HttpRequest, state: Walked, error: str, refused: bool) -> dict[str, object]:
    address = state.address
    current = state.current
    position = state.position
    fen = state.fen
    shown_step = address.shown
    board_url = reverse("analysis:board")
    urls = step_urls(address, board_url)
    evaluation = None
    if not state.over and not refused:
        evaluation = evaluations.stored(fen, seen_keys(state), evaluations.BUDGET)
    return {
        "state": state,
        "board": BoardView(
            position,
            side=state.chooser,
            form_id="analysis-form",
            last_move=current.last_move if current else (),
        ),
        "board_url": board_url,
        "fields": address.hidden_fields(),
        "steps": draw_steps(state.steps, urls[-1], shown_step),
        "current": current,
        "start_url": urls[0] if shown_step else "",
        "back_url": urls[shown_step - 1] if shown_step else "",
        "forward_url": urls[shown_step + 1] if shown_step < address.length else "",
        "end_url": urls[-1] if shown_step < address.length else "",
        "here_url": page_url(Address(fen), board_url) if address.length or address.fen != fen else "",
        "share_url": request.build_absolute_uri(page_url(address, board_url)),
        "result": result_sentence(state.judgement.status, state.judgement.result, position)
        if state.over
        else "",
        "in_werera": position.werera is not None and not state.over,
        "chooser": None if state.chooser is None else Side.of(state.chooser).label,
        "white_choice": werera_choice(position, WHITE, address.white) if address.white else "",
        "error": error,
        "refused": refused,
        "evaluation": evaluation_context(evaluation),
        "play_on_fields": blank_play_on_fields(),
        "budget": evaluations.BUDGET,
    }


def evaluation_context(evaluation: Evaluation | None) -> dict[str, object]:
    if evaluation is None:
        return {}
    context: dict[str, object] = {"row": evaluation, "lost": evaluations.is_lost(evaluation)}
    if evaluation.done:
        if evaluation.white_choice:
            position = Position.from_fen(evaluation.fen)
            context["werera"] = [
                (Side.WHITE.label, werera_choice(position, WHITE, evaluation.white_choice)),
                (Side.BLACK.label, werera_choice(position, BLACK, evaluation.black_choice)),
            ]
        else:
            context["shown"] = shown(evaluation)
    return context


@require_POST
def evaluate(request: HtmxHttpRequest) -> HttpResponse:
    """Asks for the engine's evaluation of the position at the address sent (the page's own)."""
    try:
        state = walk(read(request.POST))
    except AddressError as error:
        return refused(request, error.message)
    if state.over:
        return draw(
            request, state, error=_("The game is over here: there is nothing to evaluate."), status=400
        )
    fen, seen = state.fen, seen_keys(state)
    asker = ""
    if evaluations.stored(fen, seen, evaluations.BUDGET) is None:  # a question already asked costs nothing
        asker, most, by_address = _asker(request)
        message = _waiting_refusal(evaluations.waiting(asker), most, by_address)
        if not message and not _may_ask_the_engine(request):
            message = _rate_refusal()
        if message:
            return _evaluation_refused(request, state, message)
    evaluation = evaluations.ask(fen=fen, seen=seen, budget=evaluations.BUDGET, asker=asker)
    if request.htmx:
        return render_evaluation(request, evaluation)
    return redirect(page_url(state.address))


def _asker(request: HttpRequest) -> tuple[str, int, bool]:
    """Who holds a new question while it waits, how many may wait at once, and whether that is an address:
    the visitor (the account, or the session), else the address. Kept as a keyed digest, not as itself."""
    who, most, by_address = throttle.visitor(request), EVALUATIONS_WAITING_PER_VISITOR, False
    if who is None:
        who, most, by_address = f"address:{client_address(request)}", EVALUATIONS_WAITING_PER_ADDRESS, True
    return salted_hmac("analysis.asker", who, algorithm="sha256").hexdigest()[:32], most, by_address


def _waiting_refusal(waiting: int, most: int, by_address: bool) -> str:
    """Why a new question is not asked while `waiting` of the asker's already wait ("" when it may be)."""
    if waiting < most:
        return ""
    if by_address:
        return ngettext(
            "%(count)d evaluation asked from here is already waiting for the engine, so this one was not "
            "asked. Ask again when it is done.",
            "%(count)d evaluations asked from here are already waiting for the engine, so this one was not "
            "asked. Ask again when one of them is done.",
            waiting,
        ) % {"count": waiting}
    return ngettext(
        "You already have %(count)d evaluation waiting for the engine, so this one was not asked. "
        "Ask again when it is done.",
        "You already have %(count)d evaluations waiting for the engine, so this one was not asked. "
        "Ask again when one of them is done.",
        waiting,
    ) % {"count": waiting}


def _rate_refusal() -> str:
    minutes = EVALUATIONS_PER_VISITOR.minutes
    return ngettext(
        "You have asked the engine for many evaluations in a short time, so this one was not asked. "
        "Try again in a minute.",
        "You have asked the engine for many evaluations in a short time, so this one was not asked. "
        "Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def _evaluation_refused(request: HtmxHttpRequest, state: Walked, message: str) -> HttpResponse:
    """A new question not asked: a 429 with the reason in words, and the way to ask again, later."""
    if request.htmx:
        context = {
            "fields": state.address.hidden_fields(),
            "budget": evaluations.BUDGET,
            "evaluation_refused": message,
        }
        return render(request, "analysis/_evaluation.html", context, status=429)
    return draw(request, state, error=message, status=429)


def _may_ask_the_engine(request: HttpRequest) -> bool:
    """Counts one new question to the engine from the request's visitor (a question already answered or
    asked costs nothing); False past either limit."""
    return throttle.allow_visitor(
        "evaluation", request, per_address=EVALUATIONS_PER_ADDRESS, per_visitor=EVALUATIONS_PER_VISITOR
    )


@require_safe
def evaluation(request: HtmxHttpRequest, evaluation_id: int) -> HttpResponse:
    """The evaluation as it stands, polled by the page while the engine thinks (204: not yet). Once the
    patience runs out, the poll answers with a way to ask again, so that the open page offers it."""
    found = get_object_or_404(Evaluation, pk=evaluation_id)
    waiting = request.htmx and request.GET.get("waiting") == "1"
    if waiting and not found.done and not evaluations.is_lost(found):
        return HttpResponse(status=204)
    return render_evaluation(request, found)


@require_POST
def evaluation_again(request: HtmxHttpRequest, evaluation_id: int) -> HttpResponse:
    """Asks again for an evaluation whose task was lost; one answered or still fresh is shown as it is."""
    found = evaluations.ask_again(get_object_or_404(Evaluation, pk=evaluation_id))
    if request.htmx:
        return render_evaluation(request, found)
    back = request.headers.get("Referer", "")
    if url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return redirect("analysis:board")


def render_evaluation(request: HttpRequest, found: Evaluation) -> HttpResponse:
    context = {"evaluation": evaluation_context(found), "budget": evaluations.BUDGET}
    return render(request, "analysis/_evaluation.html", context)


@require_POST
def play_on(request: HtmxHttpRequest) -> HttpResponse:
    """A game against a bot from the position shown (its history is not the game's: it starts there)."""
    try:
        state = walk(read(request.POST))
    except AddressError as error:
        return refused(request, error.message)
    form = PlayOnForm(request.POST)
    if state.over:
        return draw(request, state, error=_("The game is over here: step back to play on."), status=400)
    if not form.is_valid():
        return draw(request, state, error=_("Choose a bot and your side."), status=400)
    human = Side(form.cleaned_data["side"]).colour
    try:
        if not bot_quota.allowed(request):
            raise services.PlayError(bot_quota.refusal(), 429)
        game = services.start_game(
            mode=Game.Mode.BOT,
            fen=state.fen,
            bot_level=form.cleaned_data["level"],
            human=human,
            user=request.user,
        )
    except services.PlayError as error:
        return draw(request, state, error=error.message, status=error.status)
    remember(request, game, human)
    return redirect("game", game_id=game.id)
