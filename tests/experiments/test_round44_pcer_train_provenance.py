"""Round 44: ``pcer train --json`` (TrainedAudit.to_dict) named the dataset only ('bios'), never
the data it trained on: a Bias in Bios file of the user's own ($ETHICLENS_BIOS) and the
project's copy gave documents that could not be told apart. It now carries the dataset's
provenance (source, file, SHA-256, feature set), as ``ethiclens datasets info`` gives it."""

import hashlib
import json

import torch  # noqa: F401  (the trainer's import: collected, not timed)

from ethiclens.experiments._pcer_commands import TrainRequest, train_and_audit
from ethiclens.privacy import validate_pcer_output


def _bios(path, words):
    rows = "".join(
        f"bio {words} w{i % 7},{'surgeon' if i % 2 else 'nurse'},{'M' if i % 3 else 'F'}\n"
        for i in range(40)
    )
    path.write_text("text,occupation,gender\n" + rows)
    return path


def test_the_json_names_the_file_trained_on(tmp_path, monkeypatch):
    for name, words in (("a.csv", "alpha"), ("b.csv", "beta")):
        path = _bios(tmp_path / name, words)
        monkeypatch.setenv("ETHICLENS_BIOS", str(path))
        request = TrainRequest(
            "bios", epsilon=None, epochs=1, batch_size=8, n_boot=100, trainer="vectorized"
        )
        doc = json.loads(json.dumps(train_and_audit(request).to_dict()))
        validate_pcer_output(doc)  # pcer.schema.json
        assert doc["provenance"]["file"] == str(path)
        assert doc["provenance"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert doc["provenance"]["feature_set"] == "full"
