"""Round 21: PostgreSQL counts groups and labels byte for byte, as pandas does, also under a
nondeterministic collation (ICU, ``deterministic = false``) or ``citext``, which compare 'a'
and 'A' equal: the GROUP BY keys of text columns are compared under ``COLLATE "C"``."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("sqlalchemy")
pytest.importorskip("psycopg")

N = 240


def _frame() -> pd.DataFrame:
    r = np.random.default_rng(21)
    frame = pd.DataFrame({"y": np.array(["yes", "YES", "no"])[r.integers(0, 3, N)]})
    frame["p"] = np.array(["yes", "no"])[r.integers(0, 2, N)]
    frame["g"] = np.array(["a", "A", "b"])[r.integers(0, 3, N)]
    return frame


def _report(capsys, *argv) -> dict:
    capsys.readouterr()
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "yes"]
    rest = ["--min-group-size", "1", "--min-labels", "1", "--n-boot", "100", "--json", "-"]
    assert main([str(a) for a in [*argv, *args, *rest]]) == 0, capsys.readouterr().err
    doc = json.JSONDecoder().raw_decode(capsys.readouterr().out)[0]
    return {k: doc[k] for k in ("comparisons", "attributes")} | {
        "notes": doc["data"]["provenance"].get("notes")
    }


@pytest.mark.parametrize("kind", ["nocase", "citext", "varchar"])
def test_postgres_text_keys_are_compared_byte_for_byte(tmp_path, capsys, postgres_url, kind):
    import sqlalchemy as sa

    frame = _frame()
    frame.to_parquet(tmp_path / "d.parquet", index=False)
    expected = _report(capsys, "audit", tmp_path / "d.parquet")
    engine = sa.create_engine(postgres_url)
    table = f"t_{kind}"
    with engine.begin() as con:
        if kind == "nocase":
            try:
                con.execute(sa.text(
                    "CREATE COLLATION IF NOT EXISTS ci (provider = icu, "
                    "locale = 'und-u-ks-level2', deterministic = false)"
                ))  # fmt: skip
            except sa.exc.SQLAlchemyError:
                pytest.skip("this PostgreSQL has no ICU collations")
            column = 'TEXT COLLATE "ci"'
        elif kind == "citext":
            try:
                con.execute(sa.text("CREATE EXTENSION IF NOT EXISTS citext"))
            except sa.exc.SQLAlchemyError:
                pytest.skip("this PostgreSQL has no citext extension")
            column = "CITEXT"
        else:
            column = "VARCHAR(8)"
        con.execute(sa.text(f"DROP TABLE IF EXISTS {table}"))
        con.execute(sa.text(f"CREATE TABLE {table} (y {column}, p {column}, g {column})"))
        con.execute(sa.text(f"INSERT INTO {table} VALUES (:y, :p, :g)"), frame.to_dict("records"))
    engine.dispose()
    for how in (["--table", table], ["--query", f"SELECT * FROM {table}"]):
        assert _report(capsys, "audit", "--db", postgres_url, *how) == expected, how
