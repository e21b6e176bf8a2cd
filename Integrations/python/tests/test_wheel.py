"""wheel_tag.py: a wheel with the binary inside is tagged for its platform, not py3-none-any."""
import base64
import hashlib
import os
import sys
import unittest
import zipfile

import support

sys.path.insert(0, os.path.dirname(support.HERE))
import wheel_tag  # noqa: E402


def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class WheelTagTests(unittest.TestCase):
    def make_pure_wheel(self, directory):
        path = os.path.join(directory, "linkdoc-0.1.0-py3-none-any.whl")
        members = {"linkdoc/__init__.py": b"", "linkdoc/bin/linkdoc": b"\x7fELF not really",
                   "linkdoc-0.1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: setuptools\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
        record = "".join("%s,%s,%d\n" % (name, digest(data), len(data)) for name, data in members.items())
        record += "linkdoc-0.1.0.dist-info/RECORD,,\n"
        with zipfile.ZipFile(path, "w") as wheel:
            for name, data in members.items():
                info = zipfile.ZipInfo(name)
                info.external_attr = (0o755 if name.endswith("bin/linkdoc") else 0o644) << 16
                wheel.writestr(info, data)
            wheel.writestr("linkdoc-0.1.0.dist-info/RECORD", record)
        return path

    def test_retag_names_the_platform_and_keeps_record_and_modes_right(self):
        directory = support.temporary_directory(self)
        tagged = wheel_tag.retag(self.make_pure_wheel(directory), "linux_x86_64")
        self.assertEqual(os.path.basename(tagged), "linkdoc-0.1.0-py3-none-linux_x86_64.whl")
        self.assertEqual(os.listdir(directory), [os.path.basename(tagged)], "the pure wheel is replaced")
        with zipfile.ZipFile(tagged) as wheel:
            metadata = wheel.read("linkdoc-0.1.0.dist-info/WHEEL").decode()
            self.assertIn("Tag: py3-none-linux_x86_64\n", metadata)
            self.assertIn("Root-Is-Purelib: false\n", metadata)
            self.assertNotIn("py3-none-any", metadata)
            for row in wheel.read("linkdoc-0.1.0.dist-info/RECORD").decode().splitlines():
                name, hashed, size = row.split(",")
                if hashed:
                    data = wheel.read(name)
                    self.assertEqual((hashed, int(size)), (digest(data), len(data)), name)
            self.assertEqual(wheel.getinfo("linkdoc/bin/linkdoc").external_attr >> 16 & 0o777, 0o755)

    def test_default_platform_is_this_interpreters(self):
        tag = wheel_tag.platform_tag()
        self.assertNotEqual(tag, "any")
        self.assertNotIn("-", tag)
        self.assertNotIn(".", tag)
        self.assertTrue(tag.startswith(("linux_", "macosx_")), tag)

    def test_a_wheel_that_is_not_pure_is_refused(self):
        directory = support.temporary_directory(self)
        path = os.path.join(directory, "linkdoc-0.1.0-py3-none-linux_x86_64.whl")
        with self.assertRaisesRegex(ValueError, "not a py3-none-any wheel"):
            wheel_tag.retag(path)


if __name__ == "__main__":
    unittest.main()


class CommandTests(unittest.TestCase):
    """The `linkdoc` command the package installs (linkdoc._cli, also `python -m linkdoc`)."""

    def run_module(self, *arguments, environment):
        import subprocess
        env = dict(environment, PYTHONPATH=os.path.dirname(support.HERE))
        return subprocess.run([sys.executable, "-m", "linkdoc"] + list(arguments), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def test_it_runs_the_binary_with_the_same_arguments_and_input(self):
        import subprocess
        env = {"PATH": os.environ.get("PATH", ""), "LINKDOC_BINARY": support.BINARY}
        done = subprocess.run([sys.executable, "-m", "linkdoc", "compile", "-"], input="请阅读《用户协议》".encode(),
                              env=dict(env, PYTHONPATH=os.path.dirname(support.HERE)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        direct = subprocess.run([support.BINARY, "compile", "-"], input="请阅读《用户协议》".encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual((done.returncode, done.stdout, done.stderr), (direct.returncode, direct.stdout, direct.stderr))

    def test_without_any_binary_it_says_how_to_get_one(self):
        done = self.run_module("--version", environment={"PATH": "/nonexistent"})
        self.assertEqual(done.returncode, 2)
        self.assertIn(b"has no linkdoc binary", done.stderr)
