"""The optional compiled search kernels (``wingbeat._kernel`` for volare, ``wingbeat._kernel5e``
for dnd5e, Cython): built when a C compiler and the Python headers are there, skipped otherwise,
and then the pure-Python search is used (``wingbeat.kernel``). Everything else about the package
is in pyproject.toml."""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython, no kernel: the pure-Python search stands in
    extensions = []
else:
    extensions = cythonize(
        [Extension("wingbeat._kernel", ["src/wingbeat/_kernel.pyx"], optional=True,
                   extra_compile_args=["-O3"]),
         Extension("wingbeat._kernel5e", ["src/wingbeat/_kernel5e.pyx"], optional=True,
                   extra_compile_args=["-O3"])],
        compiler_directives={"language_level": "3"}, quiet=True)
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the fallback, never a failed install

setup(ext_modules=extensions)
