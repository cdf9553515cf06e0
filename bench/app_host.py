"""The host the Fate Pot app runs itself (*Host a table here*), in its own process, for
benchmarks: `app.host.embedded.EmbeddedHost` on uvicorn's h11 and asyncio's loop, with
orjson, httptools and uvloop made unimportable, as on a phone.

    python -m bench.app_host --data DIR --port N [--admin-token T]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: Compiled, with no Android/iOS build: a phone's Python does without them.
NOT_ON_A_PHONE = ("orjson", "httptools", "uvloop")


class NotOnAPhone(importlib.abc.MetaPathFinder):
    """Refuses the compiled extras (and websockets' C speed-up) as if not installed."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.split(".")[0] in NOT_ON_A_PHONE or fullname == "websockets.speedups":
            raise ModuleNotFoundError(f"not on a phone: {fullname}")
        return None


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--admin-token", default="")
    args = parser.parse_args()

    from app.host.config import HostConfig
    from app.host.embedded import EmbeddedHost

    config = HostConfig(
        bind="127.0.0.1",
        port=args.port,
        data_dir=Path(args.data),
        admin_token=args.admin_token,
        log_level="WARNING",
    )
    host = EmbeddedHost(config)
    await host.start()
    try:
        await asyncio.Event().wait()  # until killed
    finally:
        await host.stop()


if __name__ == "__main__":
    sys.meta_path.insert(0, NotOnAPhone())
    asyncio.run(main())
