"""scripts/collect-xcresult-traces: a UI test run's attachments, exported from an .xcresult bundle as
Xcode 16 exports them, put back where the traces' screen.image lines name them; a site built from
them has every picture and no bad-image."""

import json
import pathlib
import re
import shutil
import subprocess
import uuid

REPO = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "collect-xcresult-traces"


def _export(tmp, attachments):
    """A folder as `xcresulttool export attachments` leaves it: each file under a UUID name, and a
    manifest giving each the name the test gave it plus Xcode's `_<n>_<UUID>` suffix."""
    exported = tmp / "exported"
    exported.mkdir()
    entries = []
    for index, (given, source) in enumerate(attachments):
        extension = pathlib.Path(source).suffix
        name = f"{str(uuid.uuid4()).upper()}{extension}"
        shutil.copyfile(source, exported / name)
        entries.append({
            "exportedFileName": name,
            "suggestedHumanReadableName": f"{given}_{index}_{str(uuid.uuid4()).upper()}{extension}",
            "isAssociatedWithFailure": False,
        })
    (exported / "manifest.json").write_text(
        json.dumps([{"testIdentifier": "ShopUITests/testBuyOneProduct()", "attachments": entries}]))
    return exported, entries


def test_a_recorded_run_and_its_pictures_come_back_whole(tmp_path):
    trace = REPO / "examples" / "Shop" / "traces" / "shop" / "buy-one-product.jsonl"
    files = re.findall(r'"file":"(images/[0-9a-f]+\.png)"', trace.read_text())
    assert len(files) >= 4
    attachments = [(trace.name, trace)] + [
        (f"flowatlas-image-{pathlib.Path(f).stem}", trace.parent / f) for f in files]
    exported, _ = _export(tmp_path, attachments)
    output = tmp_path / "traces"
    subprocess.run([str(SCRIPT), str(exported), str(output)], check=True, capture_output=True)
    assert sorted(p.name for p in (output / "images").iterdir()) == sorted(pathlib.Path(f).name for f in files)
    binary = REPO / ".build" / "debug" / "flowatlas"
    site = tmp_path / "site"
    result = subprocess.run([str(binary), "build", str(output), "--output", str(site)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "bad-image" not in result.stderr, result.stderr
    assert (site / "shop" / "gallery.html").is_file()


def test_names_from_the_manifest_never_lead_out(tmp_path):
    picture = tmp_path / "p.png"
    picture.write_bytes(b"\x89PNG")
    exported, entries = _export(tmp_path, [("flowatlas-image-abc", picture), ("flowatlas-image-../../x", picture),
                                           ("flowatlas-image-ABC", picture), ("other", picture)])
    outside = tmp_path / "outside.jsonl"
    outside.write_text("{}")
    (exported / "link.jsonl").symlink_to(outside)
    manifest = json.loads((exported / "manifest.json").read_text())
    manifest[0]["attachments"] += [
        {"exportedFileName": "../outside.jsonl"}, {"exportedFileName": "/etc/passwd"},
        {"exportedFileName": "link.jsonl"}, {"exportedFileName": "missing.png"}, "not an object",
    ]
    (exported / "manifest.json").write_text(json.dumps(manifest))
    output = tmp_path / "traces"
    subprocess.run([str(SCRIPT), str(exported), str(output)], check=True, capture_output=True)
    written = sorted(str(p.relative_to(output)) for p in output.rglob("*") if p.is_file())
    assert written == ["images/abc.png"], written


def test_a_folder_that_is_no_export_is_an_error(tmp_path):
    result = subprocess.run([str(SCRIPT), str(tmp_path), str(tmp_path / "out")], capture_output=True, text=True)
    assert result.returncode == 1 and "manifest.json" in result.stderr
