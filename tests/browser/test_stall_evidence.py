"""A stalled Chromium fails its test fast, leaves evidence, and spares the next test.

Runs tests/browser/stall_inner.py in a pytest of its own (its first test stalls its
page for ever on purpose) with a short stall limit, tracing on and its own artifacts
folder, then reads its JUnit report and the files it left.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
INNER = "tests/browser/stall_inner.py"
STALL_S = 8


def test_a_stalled_page_fails_fast_with_evidence_and_the_next_test_passes(
    tmp_path: Path,
) -> None:
    artifacts = tmp_path / "artifacts"
    junit = tmp_path / "inner.xml"
    env = {
        **os.environ,
        "FATEPOT_TEST_ARTIFACTS": str(artifacts),
        "FATEPOT_BROWSER_STALL_S": str(STALL_S),
        "FATEPOT_BROWSER_TRACE": "1",
    }
    command = [sys.executable, "-m", "pytest", INNER, "-p", "no:cacheprovider", "-q"]
    command += ["--timeout=90", f"--junitxml={junit}"]
    started = time.monotonic()
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    elapsed = time.monotonic() - started
    output = run.stdout + run.stderr

    # A test shows once per failing phase (a call's failure, then a teardown's error).
    cases = list(ElementTree.parse(junit).iter("testcase"))
    stalled = [case for case in cases if case.get("name") == "test_a_page_stalls"]
    after = [case for case in cases if case.get("name") == "test_the_next_page_works"]
    failures = [problem for case in stalled for problem in case if problem.tag == "failure"]
    assert [f.get("message", "").split(":")[0] for f in failures] == [
        "tests.browser.conftest.BrowserStalled"
    ], output
    assert not [problem for case in stalled for problem in case if problem.tag == "error"], output
    # The stall, the failure screenshot, the trace and closing the page: well under
    # the inner run's 90 s pytest-timeout, let alone the suite's 300 s.
    assert max(float(case.get("time") or 0) for case in stalled) < STALL_S + 40, output
    assert len(after) == 1 and not list(after[0]), output
    assert elapsed < 150, output

    log = artifacts / "chromium-stall_inner.log"
    assert log.stat().st_size > 0, output
    assert str(log) in output, "the failure report points at Chromium's log"
    trace = artifacts / "trace-test_a_page_stalls.zip"
    with zipfile.ZipFile(trace) as archive:
        assert any(name.endswith(".trace") for name in archive.namelist())
    assert not (artifacts / "trace-test_the_next_page_works.zip").exists()
