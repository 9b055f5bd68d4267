"""A PEP 517 build backend for the example package: a wheel of ``uno_attack/`` and its
metadata, built with zipfile (pip needs nothing else to install it, offline)."""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).parent
PACKAGE = "uno_attack"


def _project() -> dict:
    return tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _dist_info(project: dict) -> tuple[str, dict[str, str]]:
    name = project["name"].replace("-", "_")
    info = f"{name}-{project['version']}.dist-info"
    points = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items())
                     for group, entries in project.get("entry-points", {}).items())
    files = {
        "METADATA": (f"Metadata-Version: 2.1\nName: {project['name']}\n"
                     f"Version: {project['version']}\nSummary: {project['description']}\n"
                     f"Requires-Python: {project['requires-python']}\n"),
        "WHEEL": "Wheel-Version: 1.0\nGenerator: build_backend\nRoot-Is-Purelib: true\n"
                 "Tag: py3-none-any\n",
        "entry_points.txt": points,
    }
    return info, files


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}\n"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    project = _project()
    info, meta = _dist_info(project)
    name = f"{project['name'].replace('-', '_')}-{project['version']}-py3-none-any.whl"
    record = ""
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for source in sorted((HERE / PACKAGE).rglob("*.py")):
            path = source.relative_to(HERE).as_posix()
            data = source.read_bytes()
            wheel.writestr(path, data)
            record += _record_line(path, data)
        for file, text in meta.items():
            data = text.encode()
            wheel.writestr(f"{info}/{file}", data)
            record += _record_line(f"{info}/{file}", data)
        record += f"{info}/RECORD,,\n"
        wheel.writestr(f"{info}/RECORD", record)
    return name


def get_requires_for_build_wheel(config_settings=None) -> list[str]:
    return []
