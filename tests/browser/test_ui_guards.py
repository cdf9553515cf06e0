"""Easy mistakes guarded on a phone (issue #15): disabled buttons that look disabled and
stay legible, a toast's Undo a finger can hit (48 px), a too-long name refused in a
player's words, the dice-faces fields named by labels, and "Take the hit" asking
before it applies."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from app.domain.actors import GM
from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, pages_on
from .flutter_input import open_tab, tap, type_into
from .legibility import MIN_CONTRAST, MIN_TARGET, contrast, ink_and_paper
from .test_ui_first_minute import gm_command, join_on, wait_until
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390


@pytest.fixture(scope="module")
def live_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    host = start_host(tmp_path_factory.mktemp("ui-guards") / "data", with_web=True)
    yield host
    host.stop()


@pytest.fixture
def phone(browser: Browser, live_host: RunningHost) -> Iterator[Page]:
    with pages_on(browser, live_host.url, PHONE) as (page,):
        yield page


def colours(page: Page, name: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The ink and paper drawn in a button's box (see legibility.py)."""
    box = button(page, name).bounding_box()
    assert box is not None
    drawn = Image.open(io.BytesIO(page.screenshot()))
    scale = drawn.width / PHONE_WIDTH
    edges = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    left, top, right, bottom = (int(v * scale) for v in edges)
    return ink_and_paper(drawn.crop((left, top, right, bottom)))


def test_an_82_character_name_is_refused_in_a_players_words(
    live_host: RunningHost, phone: Page
) -> None:
    created = create_table(live_host.url, "wheel-of-fate", name="The Wheel")
    join_on(phone, created["join_code"], "Annabelle " * 8 + "Li")  # 82 characters
    see(phone, "A name can be at most 40 characters.", timeout=20_000)
    expect(phone.get_by_text(re.compile("String should"))).to_have_count(0)
    assert live_host.hub.tables[created["table_id"]].table.view(GM)["seats"] == []


def test_disabled_buttons_look_disabled_and_the_toast_undo_is_48_px(
    live_host: RunningHost, phone: Page
) -> None:
    created = create_table(live_host.url, "wheel-of-fate", name="The Wheel")
    live = live_host.hub.tables[created["table_id"]]
    join_on(phone, created["join_code"], "Eve")
    phone.get_by_role("tab", name="Character").wait_for(timeout=20_000)
    open_tab(phone, "Character")
    see(phone, "Create your character", timeout=20_000)
    phone.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    off_ink, off_paper = colours(phone, "Back")  # the first step: nowhere to go back to
    assert button(phone, "Back").is_disabled()
    shot(phone, "disabled-button", keep=True)
    tap(button(phone, "Next"))
    expect(button(phone, "Back")).to_be_enabled(timeout=10_000)
    phone.wait_for_timeout(1_000)
    on_ink, _ = colours(phone, "Back")
    # Still legible ...
    assert contrast(off_ink, off_paper) >= MIN_CONTRAST, (off_ink, off_paper)
    # ... and plainly not the enabled button's colour.
    distance = sum((a - b) ** 2 for a, b in zip(off_ink, on_ink, strict=True)) ** 0.5
    assert distance > 60, (off_ink, on_ink)

    # A toast with Undo: the quick start is this player's own latest action.
    open_tab(phone, "Roll")
    tap(button(phone, "Quick start"))

    def attributes() -> object:
        return live.table.view(GM)["rules"]["sheets"]["p1"].get("attributes")

    wait_until(phone, lambda: bool(attributes()), "the even split")
    undo = phone.get_by_role("button", name=re.compile("^Undo$"))
    undo.wait_for(timeout=10_000)
    box = undo.bounding_box()
    assert box is not None and box["height"] >= MIN_TARGET - 0.5, box
    shot(phone, "toast-undo")
    tap(undo)
    wait_until(phone, lambda: not attributes(), "the quick start undone")


def test_dice_faces_fields_have_labels(live_host: RunningHost, phone: Page) -> None:
    """Dice rolled at the table are typed into fields named by a label (read aloud and
    still shown once the field has text), not only a placeholder."""
    created = create_table(live_host.url, "deadlands", name="Gomorra")
    join_on(phone, created["join_code"], "Bob")
    phone.get_by_role("tab", name="Roll").wait_for(timeout=20_000)
    open_tab(phone, "Roll")
    tap(button(phone, "Not now"))  # the first-steps card: roll with the blank sheet
    tap(phone.get_by_role("switch", name="Enter dice rolled at the table"))
    field = phone.get_by_role("textbox", name=re.compile(r"^1 dice, aces joined with \+"))
    field.wait_for(timeout=10_000)
    type_into(phone, re.compile(r"^1 dice"), "4")
    expect(field).to_have_count(1)


def test_take_the_hit_asks_before_it_applies(live_host: RunningHost, phone: Page) -> None:
    """Bottlecaps: "Take the hit" used to apply Wounds on one tap; now it says what will
    happen and waits for "Yes, take the hit" ("Not yet" backs out)."""
    created = create_table(live_host.url, "bottlecaps", name="Wasteland")
    gm_command(live_host, created, "start", "session.start")
    live = live_host.hub.tables[created["table_id"]]
    join_on(phone, created["join_code"], "Dee")
    phone.get_by_role("tab", name="Caps").wait_for(timeout=20_000)
    open_tab(phone, "Caps")
    tap(button(phone, "Not now"))  # the first-steps card
    take = button(phone, "Take the hit")
    phone.mouse.move(195, 500)  # the Combat card sits below the fold: scroll to it
    for _ in range(12):
        if take.count():
            break
        phone.mouse.wheel(0, 300)
        phone.wait_for_timeout(300)

    def hits() -> int:
        return sum(e.type == "damage.taken" for e in live.table.events)

    tap(take)
    see(phone, "Take the hit: Shaken and 1 Wound? It applies at once.", timeout=10_000)
    phone.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(phone, "take-the-hit", keep=True)
    assert hits() == 0  # the first tap only asks
    tap(button(phone, "Not yet"))
    expect(button(phone, "Yes, take the hit")).to_have_count(0, timeout=10_000)
    tap(button(phone, "Take the hit"))
    tap(button(phone, "Yes, take the hit"))
    wait_until(phone, lambda: hits() == 1, "the hit taken")
