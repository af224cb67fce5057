"""The HTML report of a probe run: one self-contained page (no script, no external
resource), valid HTML by an HTML5 parser, with every section and chart; and rendered by
headless Chromium with no network, where every section and chart has a size on screen."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / d) for d in ("llm", "probe")]

from rundirs import KEY, probe_run, project  # noqa: E402

from promptlint.cli import run  # noqa: E402
from promptlint.report.html import CELL_COLOURS  # noqa: E402

pytest.importorskip("matplotlib")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PAIRS = ("bot-md-r1-r2", "bot-md-r3-r5", "bot-md-r6-r7")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The report of the example run (also written by ``probe --html``)."""
    cwd, env = os.getcwd(), dict(os.environ)
    root = project(tmp_path_factory.mktemp("html") / "p")
    try:
        code, _, _ = probe_run(root, "run", "earlier,later,both,refuses", "--html", "probe.html")
        assert code == 0
        assert run(["report", "run", "-o", "report.html"]) == 0
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
    text = (root / "report.html").read_text(encoding="utf-8")
    assert (root / "probe.html").read_text(encoding="utf-8") == text
    yield text, root / "report.html"


def test_the_page_is_valid_html(page: tuple[str, Path]) -> None:
    import html5lib

    text, _ = page
    html5lib.HTMLParser(strict=True).parse(text)  # raises on any parse error
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids)), "ids must be unique across the inline charts"


def test_the_page_is_self_contained_and_complete(page: tuple[str, Path]) -> None:
    text, _ = page
    assert "<script" not in text and "<link" not in text and "<img" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)
    assert KEY not in text
    for section in ('id="profiles"', 'id="policy-bot-md"', 'class="findings"',
                    'class="pairs"', 'id="not-done"'):  # fmt: skip
        assert section in text, section
    assert text.count('<figure class="chart"') == 2
    assert text.count("<svg") == 2
    for pair in PAIRS:
        assert f'id="pair-{pair}"' in text
    # witnesses with tier, seed and suffix; trials with responses, traces and labels
    assert "1 seed" in text and "2 seed + suffix" in text and "3 synthesized" in text
    assert "s1: Why was my refund" in text and "My booking reference is AB123" in text
    assert text.count('<details class="trial">') == 48
    assert "<b>action trace</b>" in text and "lookup_booking" in text
    assert "reply identified as es" in text  # a judge's reason
    assert "provider refusal" in text  # not done, with its reason
    # both rules of a finding in their source lines
    assert "8 | - Always answer in English." in html.unescape(text)


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian package chromium)")
def test_chromium_renders_every_section_and_chart_offline(
    page: tuple[str, Path], tmp_path: Path
) -> None:
    text, _ = page
    probe = """<script>
    window.addEventListener("load", () => {
      const size = (e) => { const b = e.getBoundingClientRect(); return [b.width, b.height]; };
      const r = {};
      for (const sel of ["#profiles", "#policy-bot-md", ".findings", ".pairs", "#not-done",
                         "figure.chart svg", "article.pair", "table.witnesses"]) {
        r[sel] = [...document.querySelectorAll(sel)].map(size);
      }
      r.fills = [...document.querySelectorAll("figure.chart svg")].map((s) => {
        const n = {};
        for (const p of s.querySelectorAll("path")) {
          const m = /fill: (#[0-9a-f]{6})/.exec(p.getAttribute("style") || "");
          if (m && size(p)[0] > 0) n[m[1]] = (n[m[1]] || 0) + 1;
        }
        return n;
      });
      r.resources = performance.getEntriesByType("resource").map((e) => e.name);
      const out = document.createElement("pre");
      out.id = "probe-result";
      out.textContent = JSON.stringify(r);
      document.body.appendChild(out);
    });
    </script>"""
    probed = tmp_path / "probed.html"
    probed.write_text(text.replace("</body>", probe + "</body>"), encoding="utf-8")
    command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
               "--proxy-server=127.0.0.1:9", "--window-size=1280,1600",
               "--virtual-time-budget=5000", "--dump-dom", probed.as_uri()]  # fmt: skip
    # no network at all where a network namespace can be made (root), else a dead proxy
    if shutil.which("unshare") and os.geteuid() == 0:
        command = ["unshare", "-n", *command]
    out = subprocess.run(command, capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'<pre id="probe-result">(.*?)</pre>', out, re.S)
    assert m, out[-2000:]
    r = json.loads(html.unescape(m[1]))
    for sel in ("#profiles", "#policy-bot-md", ".findings", ".pairs", "#not-done"):
        assert r[sel] and all(w > 0 and h > 0 for w, h in r[sel]), sel
    assert len(r["figure.chart svg"]) == 2
    assert all(w > 300 and h > 100 for w, h in r["figure.chart svg"])
    # the visible segments of each colour, legend swatch included: pooled over models,
    # 4 rows of J, E, L (N is 0); per model, J in 2 rows (both), E in 4 (both, earlier),
    # L in 2 (later), and the refusing model's two rows have no support
    j, e, lt, n = CELL_COLOURS
    charts = [{k: v for k, v in f.items() if k in CELL_COLOURS} for f in r["fills"]]
    assert charts == [{j: 5, e: 5, lt: 5, n: 1}, {j: 3, e: 5, lt: 3, n: 1}]
    assert len(r["article.pair"]) == 3 and len(r["table.witnesses"]) == 3
    assert r["resources"] == []  # nothing fetched


def test_without_matplotlib_one_line_and_exit_2(
    page: tuple[str, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir = page[1].parent / "run"
    assert run(["report", str(run_dir.parent)]) == 2  # not a run directory
    assert "no manifest.json" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert run(["report", str(run_dir), "-o", str(page[1].parent / "x.html")]) == 2
    err = capsys.readouterr().err
    assert "PL003 the HTML report needs matplotlib, the report extra" in err
    assert "Traceback" not in err and not (page[1].parent / "x.html").exists()
