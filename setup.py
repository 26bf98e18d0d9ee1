"""Builds the Cython extensions of the greek engine.

Metadata and dependencies live in pyproject.toml; this file only describes the compiled parts. OpenMP is
used when the compiler supports it (``prange`` over rows); otherwise the same code builds serially.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent


def _has_openmp() -> bool:
    if os.environ.get("VOLLAND_NO_OPENMP"):
        return False
    cc = os.environ.get("CC", "cc")
    src = "#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n"
    with tempfile.TemporaryDirectory() as tmp:
        c_file = Path(tmp) / "t.c"
        c_file.write_text(src)
        try:
            r = subprocess.run([cc, "-fopenmp", str(c_file), "-o", str(Path(tmp) / "t")],
                               capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return r.returncode == 0


OPENMP = _has_openmp()
compile_args = ["-O3", "-fno-math-errno", "-fno-trapping-math", "-ffp-contract=off"]
link_args: list[str] = []
libraries: list[str] = []
if sys.platform.startswith("linux"):
    # libm's linker script pulls in glibc's vector math library (libmvec) when the vectorized kernel
    # calls it; the AVX2 variant is chosen at load time (engine/_bsm_simd.h, target_clones), so no
    # -march flag is required and the extension still runs on any x86-64.
    libraries.append("m")
if OPENMP:
    compile_args.append("-fopenmp")
    link_args.append("-fopenmp")
elif os.environ.get("CC", "cc") in {"cc", "gcc"} or "gcc" in os.environ.get("CC", ""):
    compile_args.append("-fopenmp-simd")  # `omp simd` vectorization without the OpenMP runtime

extensions = [
    Extension(
        f"engine.{pyx.stem}",
        [str(pyx.relative_to(HERE))],
        depends=[str(h.relative_to(HERE)) for h in sorted((HERE / "engine").glob("*.h"))]
        + [str(p.relative_to(HERE)) for p in sorted((HERE / "engine").glob("*.pxd"))],
        include_dirs=[np.get_include(), str(HERE / "engine")],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        libraries=libraries,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
        # Portable build of the kernels (scalar libm instead of glibc's vector math library).
        + ([("VOLLAND_NO_LIBMVEC", "1")] if os.environ.get("VOLLAND_NO_LIBMVEC") else []),
    )
    for pyx in sorted((HERE / "engine").glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
        compile_time_env={"HAVE_OPENMP": OPENMP},
    ),
)
