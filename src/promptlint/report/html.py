"""The HTML report of a probe run: one self-contained page that opens offline.

Per policy the findings with both rules in their source lines; per pair its witnesses
(tier, seed, suffix) and trials (response or action trace, the judge's labels and
reasons); resolution-profile charts as in WIRE's Table 4 (J/E/L/N stacked per model, per
policy, and pooled, with support and the 95% interval of J). Charts are SVG drawn by
matplotlib (the ``report`` extra, imported only here) and inlined, so the page needs no
script and no network.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from typing import Any

from promptlint.errors import ConfigError
from promptlint.witnessed import CELLS, Pair, Profile, RunView, Trial, Witness

__all__ = ["CELL_COLOURS", "render_html"]

#: joint, earlier only, later only, neither
CELL_COLOURS = ("#2e7d32", "#1565c0", "#ef6c00", "#9e9e9e")
_CELL_NAMES = ("J both rules", "E earlier only", "L later only", "N neither")

_CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 1.2em 3em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.6em} table{border-collapse:collapse;margin:.6em 0;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f3f3f3} td.num{text-align:right;white-space:nowrap}
pre{background:#f7f7f7;border:1px solid #e3e3e3;padding:.5em;overflow-x:auto;white-space:pre-wrap}
pre span{display:block} pre .hit{background:#fff3c4} .muted{color:#666} .fail{color:#b00020;font-weight:600}
details{margin:.3em 0} summary{cursor:pointer} figure{margin:1em 0} figcaption{font-size:13px;color:#555}
nav ul{columns:2} .chart svg{max-width:100%;height:auto}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


# --------------------------------------------------------------------------- charts


def _svg(profiles: Sequence[tuple[str, Profile]], title: str, prefix: str) -> str:
    """Horizontal stacked bars of J/E/L/N shares, one per (label, profile), each with its
    support and the 95% Wilson interval of J drawn as an error bar."""
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise ConfigError(
            "the HTML report needs matplotlib, the report extra",
            hint='pip install "promptlint-wire[report] @ git+https://github.com/promptlint/promptlint-wire"',
        ) from None
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    rows = [(label, p) for label, p in profiles]
    height = 1.1 + 0.42 * max(1, len(rows))
    fig = Figure(figsize=(8.5, height))
    ax = fig.subplots()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": prefix}):
        for y, (_, p) in enumerate(rows):
            left = 0.0
            shares = p.shares or (0.0, 0.0, 0.0, 0.0)
            for i in range(4):
                ax.barh(y, shares[i], left=left, color=CELL_COLOURS[i], height=0.62,
                        label=_CELL_NAMES[i] if y == 0 else None)  # fmt: skip
                left += shares[i]
            if p.shares is not None and p.intervals is not None:
                lo, hi = p.intervals[0]
                ax.errorbar(p.shares[0], y, xerr=[[p.shares[0] - lo], [hi - p.shares[0]]],
                            fmt="none", ecolor="black", capsize=3, linewidth=1)  # fmt: skip
                note = f"n={p.support}  J {100 * p.shares[0]:.0f}%"
            else:
                note = "no support"
            ax.text(1.01, y, note, va="center", fontsize=8)
        ax.set_yticks(range(len(rows)), [label for label, _ in rows], fontsize=8)
        ax.set_xlim(0, 1)
        ax.invert_yaxis()
        ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.legend(ncol=4, fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0),
                  frameon=False)  # fmt: skip
        fig.subplots_adjust(left=0.28, right=0.86, top=1 - 0.4 / height, bottom=0.45 / height)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None,
                                                 "Format": None, "Type": None})  # fmt: skip
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    # several inline SVGs share one document: their ids must not collide
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", svg)
    svg = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}-\1"', svg)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{_e(title)}" ', 1)


def _figure(fid: str, profiles: Sequence[tuple[str, Profile]], title: str) -> str:
    return (f'<figure class="chart" id="{fid}">{_svg(profiles, title, fid)}'
            f"<figcaption>{_e(title)}: share of trials in the support in each resolution "
            "cell; the whisker is the 95% Wilson interval of J.</figcaption></figure>")  # fmt: skip


# --------------------------------------------------------------------------- tables


def _cell(p: Profile, i: int) -> str:
    if p.shares is None or p.intervals is None:
        return str(p.counts[i])
    lo, hi = p.intervals[i]
    return f"{100 * p.shares[i]:.1f}% <span class=muted>({100 * lo:.0f}-{100 * hi:.0f})</span>"


def _profile_table(rows: Sequence[tuple[str, Profile]]) -> str:
    out = ["<table><tr><th></th><th>regime</th><th>support</th>",
           *(f"<th>{c}</th>" for c in CELLS), "<th>1-J</th><th>E-L</th><th>outside support</th></tr>"]  # fmt: skip
    for label, p in rows:
        outside = ", ".join(f"{n} {r}" for r, n in p.excluded) or "-"
        nj = "-" if p.non_joint is None else f"{100 * p.non_joint:.1f}%"
        asym = "-" if p.asymmetry is None else f"{100 * p.asymmetry:+.1f}"
        out.append(f"<tr><td>{_e(label)}</td><td>{p.regime}</td><td class=num>{p.support}</td>"
                   + "".join(f"<td class=num>{_cell(p, i)}</td>" for i in range(4))
                   + f"<td class=num>{nj}</td><td class=num>{asym}</td><td>{_e(outside)}</td></tr>")  # fmt: skip
    return "".join(out) + "</table>"


def _source(text: str | None, first: int, last: int, radius: int = 2) -> str:
    if text is None:
        return "<pre>(source not kept)</pre>"
    lines = text.splitlines()
    lo, hi = max(1, first - radius), min(len(lines), last + radius)
    width = len(str(hi))
    body = "".join(
        f'<span class="{"hit" if first <= n <= last else "ctx"}">{n:>{width}} | '
        f"{_e(lines[n - 1])}</span>"
        for n in range(lo, hi + 1)
    )
    return f"<pre>{body}</pre>"


def _rule(title: str, rule: dict[str, Any], sources: dict[str, str]) -> str:
    line = rule["line"]
    end = rule.get("end_line") or line + max(0, len(str(rule.get("quote", "")).splitlines()) - 1)
    return (f"<p><b>{_e(title)}</b> {_e(rule['id'])} at {_e(rule['path'])}:{line}</p>"
            + _source(sources.get(rule["path"]), line, end))  # fmt: skip


def _finding(d: dict[str, Any], sources: dict[str, str]) -> str:
    out = [f'<article class="finding"><h4>{_e(d["severity"])}[{_e(d["code"])}] '
           f"{_e(d['message'])}</h4>"]  # fmt: skip
    if len(d.get("rules", ())) == 2:
        out += [_rule("this rule", d["rules"][0], sources),
                _rule("conflicting rule", d["rules"][1], sources)]  # fmt: skip
    else:
        out.append(_source(sources.get(d["path"]), d["line"], d.get("end_line", d["line"])))
    if d.get("witness"):
        out.append(f"<p><b>witness:</b> {_e(d['witness'].get('scenario', ''))}</p>")
    if d.get("help"):
        out.append(f"<p><b>help:</b> {_e(d['help'])}</p>")
    return "".join(out) + "</article>"


def _labels(t: Trial) -> str:
    out = ["<table><tr><th>rule</th><th>governs</th><th>judgeable</th><th>complies</th>"
           "<th>by</th><th>reason</th></tr>"]  # fmt: skip
    for name, lab in (("earlier", t.earlier), ("later", t.later)):
        if lab is None:
            out.append(f"<tr><td>{name}</td><td colspan=5>not judged</td></tr>")
            continue
        yn = {True: "yes", False: "no", None: "-"}
        agreement = "" if lab.agreement is None else f" ({100 * lab.agreement:.0f}% of judges)"
        out.append(f"<tr><td>{name}</td><td>{yn[lab.governs]}</td><td>{yn[lab.judgeable]}</td>"
                   f"<td>{yn[lab.complies]}</td><td>{_e(lab.source)}{agreement}</td>"
                   f"<td>{_e(lab.reason)}</td></tr>")  # fmt: skip
    return "".join(out) + "</table>"


def _trial(t: Trial) -> str:
    cell = _trial_cell(t)
    head = (f"{_e(t.model)} · {t.regime} · sample {t.sample} · {_e(t.status)}"
            f"{' · ' + cell if cell else ''}")  # fmt: skip
    body = []
    if t.reason:
        body.append(f"<p><b>status:</b> {_e(t.reason)}</p>")
    if t.trace:
        steps = "".join(f"<li><code>{_e(s.name)}({_e(s.arguments)})</code> → "
                        f"{_e(s.observation)}</li>" for s in t.trace)  # fmt: skip
        body.append(f"<p><b>action trace</b></p><ol>{steps}</ol>")
    body.append(f"<p><b>response</b></p><pre>{_e(t.response or '(no text)')}</pre>")
    body.append(_labels(t))
    return f'<details class="trial"><summary>{head}</summary>{"".join(body)}</details>'


def _trial_cell(t: Trial) -> str:
    e, lt = t.earlier, t.later
    if t.status != "ok" or e is None or lt is None:
        return ""
    if not (e.governs and lt.governs and e.judgeable and lt.judgeable):
        return "outside support"
    if e.complies is None or lt.complies is None:
        return "outside support"
    return {(True, True): "J", (True, False): "E", (False, True): "L"}.get(
        (e.complies, lt.complies), "N")  # fmt: skip


def _witnesses(ws: Sequence[Witness], attempts: Sequence[dict[str, Any]]) -> str:
    tiers = {1: "1 seed", 2: "2 seed + suffix", 3: "3 synthesized"}
    out = ["<table class=witnesses><tr><th>#</th><th>tier</th><th>seed</th><th>suffix</th>"
           "<th>request</th></tr>"]  # fmt: skip
    for w in ws:
        seed = f"{w.seed_id}: {w.seed}" if w.seed_id else "-"
        out.append(f"<tr><td>{w.index}</td><td>{tiers.get(w.tier, w.tier)}</td>"
                   f"<td>{_e(seed)}</td><td>{_e(w.suffix or '-')}</td><td>{_e(w.text)}</td></tr>")  # fmt: skip
    out.append("</table>")
    rejected = [a for a in attempts if not a["accepted"]]
    if rejected:
        items = "".join(f"<li>tier {a['tier']}: {_e(a['text'])} <span class=muted>"
                        f"({_e(a['rationale'])})</span></li>" for a in rejected)  # fmt: skip
        out.append(f"<details><summary>{len(rejected)} candidate requests the verifier "
                   f"rejected</summary><ul>{items}</ul></details>")  # fmt: skip
    return "".join(out)


def _pair(pair: Pair, view: RunView, sources: dict[str, str], profiles: Sequence[Profile]) -> str:
    r = view.result
    pid = "pair-" + _slug(pair.key)
    ws = [w for w in r.witnesses if w.pair == pair.key]
    trials = [t for t in r.trials if t.pair == pair.key]
    own = [(f"{p.model}", p) for p in profiles if p.pair == pair.key]
    out = [f'<article class="pair" id="{pid}"><h3>{_e(pair.earlier.id)} vs {_e(pair.later.id)}'
           f" <span class=muted>{_e(pair.code)} · {_e(pair.surface)}</span></h3>",
           _rule("earlier rule", pair.earlier.to_dict(), sources),
           _rule("later rule", pair.later.to_dict(), sources),
           f"<p><b>situation:</b> {_e(pair.scenario)}</p>"]  # fmt: skip
    unrealized = [u for u in r.unrealized if u.pair == pair.key]
    for u in unrealized:
        out.append(f"<p class=fail>unrealized: {_e(u.reason)}</p>")
    out.append("<h4>Witnesses</h4>" + _witnesses(ws, [a for a in r.attempts
                                                      if a["pair"] == pair.key]))  # fmt: skip
    if own:
        out.append("<h4>Profiles</h4>" + _profile_table(own))
    out.append(f"<h4>Trials ({len(trials)})</h4>" + "".join(_trial(t) for t in trials))
    return "".join(out) + "</article>"


# --------------------------------------------------------------------------- page


def render_html(view: RunView, across_models: Sequence[Profile]) -> str:
    """The page. ``across_models`` are the pooled profiles of each policy and regime over
    all subject models, and of all policies together (policy ``"All"``)."""
    r = view.result
    m = view.manifest
    policies = [s["policy"] for s in view.policies if s.get("pairs")]
    sources: dict[str, str] = {}
    for s in view.policies:
        sources.update(s.get("sources", {}))
    toc = ['<li><a href="#profiles">Resolution profiles</a></li>']
    toc += [f'<li><a href="#policy-{_slug(p)}">{_e(p)}</a></li>' for p in policies]
    toc.append('<li><a href="#not-done">Not done</a></li>')
    subjects = ", ".join(s["name"] for s in m.get("subjects", []))
    head = (f"<header><h1>promptlint probe report</h1><p class=muted>run "
            f"{_e(view.root)} · promptlint {_e(m.get('promptlint', '?'))} · subjects "
            f"{_e(subjects)} · regimes {_e(', '.join(m.get('regimes', [])))} · "
            f"{m.get('samples', 1)} samples, temperature {m.get('temperature', 0)}, "
            f"{m.get('witnesses', 1)} witnesses per pair · {len(r.pairs)} pairs, "
            f"{len(r.witnesses)} witnesses, {len(r.trials)} trials</p></header>"
            f"<nav><ul>{''.join(toc)}</ul></nav>")  # fmt: skip

    charts = ['<section id="profiles"><h2>Resolution profiles</h2>']
    overall = [(f"{p.policy} · {p.regime}", p) for p in across_models]
    if overall:
        charts.append(_figure("chart-pooled", overall, "Pooled over subject models"))
        charts.append(_profile_table(overall))
    for i, policy in enumerate(policies):
        rows = [(f"{p.model} · {p.regime}", p) for p in r.profiles
                if not p.pair and p.policy == policy]  # fmt: skip
        if rows:
            charts.append(f"<h3>{_e(policy)}</h3>")
            charts.append(_figure(f"chart-policy-{i + 1}", rows, f"{policy}: per subject model"))
            charts.append(_profile_table(rows))
    charts.append("</section>")

    body = []
    for snap in view.policies:
        if not snap.get("pairs"):
            continue
        policy = snap["policy"]
        findings = snap.get("findings", [])
        pairs = [p for p in r.pairs if p.policy == policy]
        body.append(f'<section class="policy" id="policy-{_slug(policy)}"><h2>{_e(policy)}</h2>'
                    f'<section class="findings"><h3>Findings ({len(findings)})</h3>'
                    + "".join(_finding(d, sources) for d in findings) + "</section>"
                    f'<section class="pairs"><h3>Pairs ({len(pairs)})</h3>'
                    + "".join(_pair(p, view, sources, r.profiles) for p in pairs)
                    + "</section></section>")  # fmt: skip
    items = "".join(f"<li>{_e(n['stage'])}: {n['count']} &times; {_e(n['reason'])}</li>"
                    for n in r.not_done) or "<li>nothing</li>"  # fmt: skip
    tail = f'<section id="not-done"><h2>Not done</h2><ul>{items}</ul></section>'
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>promptlint probe report</title><style>{_CSS}</style></head><body>"
            + head + "".join(charts) + "".join(body) + tail + "</body></html>\n")  # fmt: skip
