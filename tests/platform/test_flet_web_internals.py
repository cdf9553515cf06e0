"""What the host's page scripts rely on inside Flet's web client, named only in
app/host/flet_web_internals.py: the installed flet-web and the client it bundles are
the ones proven, and the client still holds those names.

A failure here means Flet's web client changed under the page scripts: re-check
`app/host/web_pages.py` and `app/host/web_reconnect.py` against the new client, run
tests/browser/test_link_drops.py and tests/browser/test_phone_path.py, then set the
adapter's `PROVEN` and `CLIENT_VERSION`.
"""

from __future__ import annotations

import json
from pathlib import Path

import flet_web
import pytest

from app.host import flet_web_internals
from app.host.flet_web_internals import CLIENT_VERSION, RIVE_CDN, SESSION_ID_KEY
from tests.platform.internals_pins import assert_proven

RECHECK = (
    "Flet's web client changed what app/host/flet_web_internals.py names: re-check "
    "app/host/web_pages.py and web_reconnect.py, run tests/browser/test_link_drops.py "
    "and test_phone_path.py, then set PROVEN and CLIENT_VERSION"
)
WEB = Path(flet_web.get_package_web_dir())


@pytest.mark.parametrize(("dist", "proven"), sorted(flet_web_internals.PROVEN.items()))
def test_the_installed_flet_web_is_the_one_proven(dist: str, proven: str) -> None:
    assert_proven(dist, proven, RECHECK)


def test_the_bundled_client_is_the_one_proven() -> None:
    bundled = json.loads((WEB / "version.json").read_text())["version"]
    assert bundled == CLIENT_VERSION, f"client {bundled}, proven: {CLIENT_VERSION}. {RECHECK}."


def test_the_client_still_holds_its_session_key_and_rive_url() -> None:
    client = (WEB / "main.dart.js").read_text(encoding="utf-8", errors="replace")
    assert SESSION_ID_KEY in client, RECHECK
    assert RIVE_CDN in client, RECHECK
