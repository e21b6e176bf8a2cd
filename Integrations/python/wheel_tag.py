#!/usr/bin/env python3
"""Retags a pure wheel that carries a native binary as a platform wheel.

    wheel_tag.py WHEEL [--platform TAG]     (prints the new wheel's path)

setuptools tags a package without extension modules `py3-none-any`, but a wheel with
linkdoc's executable inside runs on one platform only: its filename and its WHEEL file get
`py3-none-PLATFORM` (default: this interpreter's, `linux_x86_64`, `macosx_14_0_arm64`) and
`Root-Is-Purelib: false`, and RECORD gets the WHEEL file's new hash. Every other member is
copied as it is, file modes included (the binary stays executable).
"""
import argparse
import base64
import hashlib
import os
import sys
import sysconfig
import zipfile


def platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def retag(path, platform=None):
    platform = platform or platform_tag()
    directory, name = os.path.split(path)
    parts = name[:-len(".whl")].split("-")
    if len(parts) < 5 or parts[-3:] != ["py3", "none", "any"]:
        raise ValueError("%s is not a py3-none-any wheel" % name)
    new_path = os.path.join(directory, "-".join(parts[:-3] + ["py3", "none", platform]) + ".whl")
    with zipfile.ZipFile(path) as source:
        infos = source.infolist()
        dist_info = next(i.filename.split("/")[0] for i in infos if i.filename.endswith(".dist-info/WHEEL"))
        wheel_name, record_name = dist_info + "/WHEEL", dist_info + "/RECORD"
        wheel = source.read(wheel_name).decode()
        lines = [line for line in wheel.splitlines() if not line.startswith(("Tag:", "Root-Is-Purelib:"))]
        lines += ["Root-Is-Purelib: false", "Tag: py3-none-" + platform]
        wheel = ("\n".join(lines) + "\n").encode()
        record = []
        for row in source.read(record_name).decode().splitlines():
            if row.startswith(wheel_name + ","):
                row = "%s,%s,%d" % (wheel_name, _record_hash(wheel), len(wheel))
            record.append(row)
        record = ("\n".join(record) + "\n").encode()
        with zipfile.ZipFile(new_path, "w", zipfile.ZIP_DEFLATED) as target:
            for info in infos:
                data = {wheel_name: wheel, record_name: record}.get(info.filename)
                target.writestr(info, source.read(info) if data is None else data, compress_type=zipfile.ZIP_DEFLATED)
    if new_path != path:
        os.remove(path)
    return new_path


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel")
    parser.add_argument("--platform")
    options = parser.parse_args()
    print(retag(options.wheel, options.platform))
    sys.exit(0)
