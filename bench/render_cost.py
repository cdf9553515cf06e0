"""In-process render cost: a GM's note until every open page has drawn it, no browser.

    python -m bench.render_cost [--phones 1 4 8] [--log 0 200] [--taps 10] [--tab Log]

Real Flet sessions (``tests/ui/live.py``) over the fake table client: K phones and the
GM's page (1280 px: three columns, its log shown). Per tap: the host's CPU for the
GM's command (the fake host and its clients included) and every page's redraw, per
tap and per open page; the redraw alone per page; bytes each phone's
page would send; the component bodies drawn per phone. Less noisy than the browser
benchmark on a busy machine (process CPU time, nothing else measured), and it runs on
any version of the UI, so before/after compare on one machine in one sitting.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import time

from app.domain.actors import GM
from app.domain.table_commands import NOTE
from app.ui.routes import parse_route
from tests.ui.conftest import make_model
from tests.ui.fakes import FakeHost
from tests.ui.live import LivePage, counting_renders, settle


async def measure(phones: int, log: int, taps: int, tab: str, profile: bool = False) -> str:
    host = FakeHost("deadlands", seed=1)
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    players = []
    for i in range(phones):
        model, _ = make_model(host)
        await model.join(host.join_code, f"P{i}")
        players.append(model)
    for i in range(log):
        host.run(GM, "note", {"text": f"earlier line {i}"})
    pages = [LivePage(gm)] + [LivePage(m) for m in players]
    await settle()
    for page in pages[1:]:
        if tab:
            await page.open_tab(tab)
    cpu, redraw, sent, drawn = [], [], [], []
    profiler = cProfile.Profile() if profile else None
    for n in range(taps + 2):
        if profiler is not None and n == 2:
            profiler.enable()
        for page in pages:
            page.take_sent()
        with counting_renders() as renders:
            start = time.process_time()
            await gm.send(NOTE(text=f"tap {n}"))
            sent_at = time.process_time()
            await settle()
            spent = time.process_time() - start
        if n >= 2:  # warm-up
            cpu.append(spent * 1000)
            redraw.append((time.process_time() - sent_at) * 1000)
            sent.append(statistics.mean(p.take_sent() for p in pages[1:]))
            drawn.append(sum(renders.values()) / len(pages))
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    pages_open = len(pages)
    med = statistics.median(cpu)
    return (
        f"| {phones}, {log} | {med:.1f} | {med / pages_open:.2f} | "
        f"{statistics.median(redraw) / pages_open:.2f} | "
        f"{statistics.median(sent):,.0f} | {statistics.median(drawn):.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--log", type=int, nargs="+", default=[0, 200])
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--tab", default="Log", help="the phones' open tab ('' = the first)")
    parser.add_argument("--profile", action="store_true", help="print where the taps' time goes")
    args = parser.parse_args()
    print(
        "| phones, log | CPU ms/tap | CPU ms/tap/page | redraw ms/tap/page | B/phone/tap "
        "| bodies drawn/page/tap |\n|---|---|---|---|---|---|"
    )
    for log in args.log:
        for k in args.phones:
            print(asyncio.run(measure(k, log, args.taps, args.tab, args.profile)), flush=True)


if __name__ == "__main__":
    main()
