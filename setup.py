"""The optional compiled search kernels (``wingbeat._kernel`` for volare, ``wingbeat._kernel5e``
for dnd5e, both on ``wingbeat._bucketqueue``, Cython): built when a C compiler and the Python
headers are there, skipped otherwise, and then the pure-Python search is used
(``wingbeat.kernel``). Everything else about the package is in pyproject.toml."""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython, no kernel: the pure-Python search stands in
    extensions = []
else:
    extensions = cythonize(
        [Extension(f"wingbeat.{name}", [f"src/wingbeat/{name}.pyx"], optional=True,
                   extra_compile_args=["-O3"])
         # _bucketqueue: the queue and the settled arrays both searches cimport (its .pxd)
         for name in ("_bucketqueue", "_kernel", "_kernel5e")],
        compiler_directives={"language_level": "3"}, quiet=True)
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the fallback, never a failed install

setup(ext_modules=extensions)
