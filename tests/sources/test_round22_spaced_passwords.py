"""A real PostgreSQL role whose password holds spaces: a successful audit writes the password
nowhere (round 22, security: ``sp:*** secret pass@`` was in stderr, JSON, HTML and the model
card). Skipped without the PostgreSQL binaries; tests/test_round22_secrets_spaces.py checks
the masking itself without a server."""

import pytest

from ethiclens.cli import main

from .conftest import make_frame

SPACED = "my Zq7secret\tWx8pass\xa0NINE9"
WORDS = ("Zq7secret", "Wx8pass", "NINE9")


@pytest.mark.parametrize("spelling", ["userinfo", "query"])
def test_a_spaced_password_is_written_nowhere(postgres_url, tmp_path, capsys, spelling):
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    engine = sa.create_engine(postgres_url)
    make_frame(5, n=300).to_sql("preds", engine, if_exists="replace", index=False)
    with engine.begin() as con:
        con.execute(sa.text("DROP ROLE IF EXISTS sp"))
        con.execute(sa.text(f"CREATE ROLE sp LOGIN PASSWORD '{SPACED}'"))
        con.execute(sa.text("GRANT SELECT ON preds TO sp"))
    engine.dispose()
    server = make_url(postgres_url).query
    where = f"/postgres?host={server['host']}&port={server['port']}"
    url = (
        f"postgresql+psycopg://sp:{SPACED}@{where}"
        if spelling == "userinfo"
        else f"postgresql+psycopg://sp@{where}&password={SPACED}"
    )
    outs = ["--json", str(tmp_path / "r.json"), "--html", str(tmp_path / "r.html")]
    outs += ["--model-card", str(tmp_path / "card.md")]
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "200"]
    assert main(["audit", "--db", url, "--table", "preds", *roles, *outs]) == 0
    wrong = ["audit", "--db", url.replace("NINE9", "TEN0"), "--table", "preds", *roles]
    assert main(wrong) == 2
    printed = capsys.readouterr()
    texts = [printed.out, printed.err]
    texts += [p.read_text(encoding="utf-8", errors="replace") for p in tmp_path.iterdir()]
    assert "password authentication failed" in printed.err
    for text in texts:
        assert not any(word in text for word in (*WORDS, "TEN0")), text[:2000]
