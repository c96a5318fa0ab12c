"""Round 41 review (monitor, PostgreSQL store): a schema this role has no USAGE on is left out of
the search_path silently, while pg_catalog (f36aa0fa) lists its tables: a store there ended in
'UndefinedTable: relation "meta" does not exist' (run and read_store; was 'not an EthicLens
monitor store'), an empty one in 'InvalidSchemaName: no schema has been selected to create in'.
Both are now the one-line refusal naming the schema and the GRANT. And ``options=-c
search_path=x`` in the URL reached libpq as ``-c+search_path`` (cannot connect)."""

import uuid

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store

from .conftest import PASSWORD, write_days
from .test_round41_monitor2_pg_schema import FLAGS, _refused


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return write_days(tmp_path_factory.mktemp("feed"), range(2), n=60)


@pytest.fixture
def role(pg_url):
    import psycopg

    name = f"r41rv_{uuid.uuid4().hex[:8]}"
    admin = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(admin, autocommit=True) as con:
        con.execute(f"CREATE ROLE {name} LOGIN PASSWORD '{PASSWORD}'")
    yield name, admin
    with psycopg.connect(admin, autocommit=True) as con:
        con.execute(f"DROP OWNED BY {name}")
        con.execute(f"DROP ROLE {name}")


@pytest.mark.parametrize("with_store", [True, False])
def test_a_schema_without_usage_is_refused_in_one_line(pg_url, capsys, data, role, with_store):
    import psycopg

    from ethiclens.cli import main

    name, admin = role
    schema = f"r41rv_nousage_{int(with_store)}"
    if with_store:
        assert main(["monitor", str(data), *FLAGS, "--store", f"{pg_url}&schema={schema}"]) == 0
        capsys.readouterr()
    else:
        with psycopg.connect(admin, autocommit=True) as con:
            con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
    url = pg_url.replace("ethiclens:", f"{name}:", 1) + f"&schema={schema}"
    said = f"this role may not use the schema {schema} as a store"
    err = _refused(capsys, data, url)
    assert said in err and f"permission denied for schema {schema}" in err
    with pytest.raises(EthicLensInputError, match=said):
        read_store(url)


def test_a_search_path_option_in_the_url_reaches_postgresql(pg_url, capsys, data):
    from ethiclens.cli import main

    url = f"{pg_url}&options=-c%20search_path%3Dpublic&schema=r41rv_options"
    rc = main(["monitor", str(data), *FLAGS, "--store", url])
    assert rc == 0, capsys.readouterr().err
    assert len(read_store(url)["windows"]) == 2


def test_a_sequence_or_index_named_as_a_store_table_is_no_store(pg_url, capsys, data):
    """pg_catalog read tables and views only: a sequence named meta was not seen, CREATE TABLE
    IF NOT EXISTS meta then skipped it, and the run ended in 'UndefinedColumn: column "value"
    does not exist'; an index named windows the same way."""
    import psycopg

    admin = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(admin, autocommit=True) as con:
        for schema, made in (("r41rv_seq", "CREATE SEQUENCE {}.meta"), ("r41rv_idx", None)):
            con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
            con.execute(made.format(schema) if made else f"CREATE TABLE {schema}.x (a int)")
            if not made:
                con.execute(f"CREATE INDEX windows ON {schema}.x (a)")
    for schema in ("r41rv_seq", "r41rv_idx"):
        err = _refused(capsys, data, f"{pg_url}&schema={schema}")
        assert "is a PostgreSQL schema that is not an EthicLens monitor store" in err
