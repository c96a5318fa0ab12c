"""Round 39 (hunt_spec): a compressed spec, baseline or card file was called "not UTF-8 text"
with the fix "iconv -f latin1", which no compressed file survives; it is now named as what
it is (gzip, bzip2, a ZIP archive), as a data file under the wrong name is."""

from __future__ import annotations

import bz2
import gzip
import io
import zipfile

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file

_SPEC = b"target: {dataset: compas}\n"


def _zip(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("spec.yaml", data)
    return out.getvalue()


@pytest.mark.parametrize(
    ("pack", "kind"),
    [
        (gzip.compress, "gzip-compressed"),
        (bz2.compress, "bzip2-compressed"),
        (_zip, "a ZIP archive"),
    ],
)
def test_a_compressed_spec_is_named_as_such(tmp_path, pack, kind):
    path = tmp_path / "spec.yaml"
    path.write_bytes(pack(_SPEC))
    with pytest.raises(EthicLensInputError) as info:
        read_config_file(path, "--config", what="YAML or JSON spec")
    assert info.value.problem == f"spec.yaml is {kind}, not text"
    assert "iconv" not in str(info.value) and "decompressed" in str(info.value.fix)
    with pytest.raises(EthicLensInputError, match=f"argument 'spec': spec.yaml is {kind}"):
        ethiclens.run(str(path))


def test_latin1_text_is_still_told_to_convert(tmp_path):
    path = tmp_path / "spec.yaml"
    path.write_bytes("target: {file: café.csv}\n".encode("latin-1"))
    with pytest.raises(EthicLensInputError, match="iconv -f latin1"):
        read_config_file(path, "--config", what="YAML or JSON spec")
