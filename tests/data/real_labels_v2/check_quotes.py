import sys, os, re, yaml
P = "/work/staging/real_v2/prompts"; L = "/work/staging/real_v2/labels"
norm = lambda s: re.sub(r"\s+", " ", s).strip().lower()
errors = 0
def err(m):
    global errors; errors += 1; print("ERROR", m)
prompts = sorted(os.listdir(P))
for f in prompts:
    lp = os.path.join(L, f + ".expect.yaml")
    if not os.path.exists(lp): err(f"{f}: missing label file"); continue
    raw = open(lp, encoding="utf-8").read()
    if not raw.startswith(f"# {f}:"): err(f"{f}: header comment missing/incorrect")
    try: d = yaml.safe_load(raw)
    except Exception as e: err(f"{f}: yaml {e}"); continue
    lines = open(os.path.join(P, f), encoding="utf-8").read().split("\n")
    if set(d) != {"expect", "ok"}: err(f"{f}: top keys {set(d)}")
    ids = set()
    nok = len(d.get("ok") or [])
    if not 3 <= nok <= 7: err(f"{f}: {nok} ok entries (want 3-7)")
    for kind in ("expect", "ok"):
        for e in d.get(kind) or []:
            need = {"id","rules","lines","why"} | ({"witness"} if kind=="expect" else set())
            if set(e) != need: err(f"{f}:{kind}:{e.get('id')}: keys {set(e)} != {need}")
            i = e.get("id","")
            if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i): err(f"{f}: bad id {i}")
            if i in ids: err(f"{f}: dup id {i}")
            ids.add(i)
            r, ln = e.get("rules"), e.get("lines")
            if not (isinstance(r,list) and isinstance(ln,list) and len(r)==2 and len(ln)==2): err(f"{f}:{i}: rules/lines must be 2-lists"); continue
            for q, n in zip(r, ln):
                if not isinstance(n,int) or not 1 <= n <= len(lines): err(f"{f}:{i}: bad line {n}"); continue
                if len(q) > 100: err(f"{f}:{i}: quote >100 chars ({len(q)}): {q[:40]}...")
                if norm(q) not in norm(lines[n-1]): err(f"{f}:{i}: quote not on line {n}: {q!r}")
            for k in ("why","witness"):
                if k in need and not (isinstance(e.get(k),str) and e[k].strip()): err(f"{f}:{i}: empty {k}")
    print(f"{f}: expect={len(d.get('expect') or [])} ok={nok}")
for x in os.listdir(L):
    if x.endswith(".expect.yaml") and x[:-12] not in prompts: err(f"stray label {x}")
print(f"{errors} errors")
sys.exit(1 if errors else 0)
