"""A real PostgreSQL role whose password holds a quote after a space: no piece of it is written
anywhere (security). ``pa ss'wd`` was shown ``auditor:*** ss'wd@`` in stderr (a bad database
name, a missing table), JSON (``db``, ``database``), HTML, the model card and ``monitor --store``
/ ``--json``: ``mask_url`` masked the first word as a port before the URL's literal secrets,
and the rest no longer matched. Skipped without the PostgreSQL binaries;
tests/test_secrets_adversarial.py checks the masking itself without a server."""

import pytest

from ethiclens.cli import main

from .conftest import make_frame

# each with a quote inside a word after a space; "Qr5\\" a backslash a repr would double
PASSWORDS = ["Zq7 Wx8'pass9", "Qr5\\ Tt6\"Yy7 lead 'Uu8"]
WORDS = ("Zq7", "Wx8", "pass9", "Qr5", "Tt6", "Yy7", "Uu8")


def _role(postgres_url, password):
    import sqlalchemy as sa

    engine = sa.create_engine(postgres_url)
    frame = make_frame(5, n=300)
    frame["ts"] = "2026-01-01"
    frame.to_sql("preds", engine, if_exists="replace", index=False)
    quoted = password.replace("'", "''")
    with engine.begin() as con:
        if _has_role(con):
            con.execute(sa.text("DROP OWNED BY auditor CASCADE"))
        con.execute(sa.text("DROP ROLE IF EXISTS auditor"))
        con.execute(sa.text(f"CREATE ROLE auditor LOGIN PASSWORD '{quoted}'"))
        con.execute(sa.text("GRANT SELECT ON preds TO auditor"))
        con.execute(sa.text("GRANT CREATE ON SCHEMA public TO auditor"))
    engine.dispose()


def _has_role(con):
    import sqlalchemy as sa

    return con.execute(sa.text("SELECT 1 FROM pg_roles WHERE rolname = 'auditor'")).first()


@pytest.mark.parametrize("password", PASSWORDS)
def test_a_quoted_password_is_written_nowhere(postgres_url, tmp_path, capsys, password):
    from sqlalchemy.engine import make_url

    _role(postgres_url, password)
    server = make_url(postgres_url).query
    where = f"?host={server['host']}&port={server['port']}"
    url = f"postgresql+psycopg://auditor:{password}@/postgres{where}"
    outs = ["--json", str(tmp_path / "r.json"), "--html", str(tmp_path / "r.html")]
    outs += ["--model-card", str(tmp_path / "card.md")]
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "200"]
    assert main(["audit", "--db", url, "--table", "preds", *roles, *outs]) == 0
    assert main(["audit", "--db", url, "--table", "missing", *roles]) == 2
    bad_db = url.replace("/postgres?", "/nosuchdb?")
    assert main(["audit", "--db", bad_db, "--table", "preds", *roles]) == 2
    monitor = ["monitor", "--db", url, "--table", "preds", "--time", "ts", "--window", "1d"]
    monitor += ["--y-pred", "p", "--y-true", "y", "--protected", "race", "--store"]
    assert main([*monitor, str(tmp_path / "s.sqlite"), "--json", str(tmp_path / "m.json")]) == 0
    assert main([*monitor, url]) == 2  # psycopg refuses a store URL's raw spaces: masked too
    printed = capsys.readouterr()
    assert "nosuchdb" in printed.err and "missing" in printed.err
    assert "auditor:***@" in (tmp_path / "r.json").read_text(encoding="utf-8")
    texts = [printed.out, printed.err]
    texts += [p.read_text(encoding="utf-8", errors="replace") for p in tmp_path.iterdir()]
    for text in texts:
        assert not any(word in text for word in WORDS), text[:3000]
