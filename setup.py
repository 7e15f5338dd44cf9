"""The optional compiled search kernels (``wingbeat._kernel`` for volare, ``wingbeat._kernel5e``
for dnd5e, both on ``wingbeat._bucketqueue``, Cython): built when a C compiler and the Python
headers are there, skipped otherwise, and then the pure-Python search is used
(``wingbeat.kernel``). With them ``wingbeat._reserve``: the memory a web worker keeps to raise
MemoryError (docs/limits.md). And the message catalogs: every ``locale/<lang>/LC_MESSAGES/*.po`` under
``src/wingbeat`` compiled to its ``.mo`` (Babel) before the package's files are gathered, in a wheel
and in an editable install alike (``wingbeat.i18n`` reads them). Everything else about the package is
in pyproject.toml."""

from io import BytesIO
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


def compile_messages() -> None:
    """``.po`` -> ``.mo`` beside it, fuzzy entries left out (scripts/messages.py does the same)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(Path(__file__).parent.glob("src/wingbeat/**/locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
        out = BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != out.getvalue():
            mo.write_bytes(out.getvalue())


class BuildWithMessages(build_py):
    def run(self) -> None:
        compile_messages()
        super().run()


try:
    from Cython.Build import cythonize
except ImportError:  # no Cython, no kernel: the pure-Python search stands in
    extensions = []
else:
    extensions = cythonize(
        [Extension(f"wingbeat.{name}", [f"src/wingbeat/{name}.pyx"], optional=True,
                   extra_compile_args=["-O3"])
         # _bucketqueue: the queue and the settled arrays both searches cimport (its .pxd)
         for name in ("_bucketqueue", "_kernel", "_kernel5e", "_reserve")],
        compiler_directives={"language_level": "3"}, quiet=True)
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the fallback, never a failed install

setup(ext_modules=extensions, cmdclass={"build_py": BuildWithMessages})
