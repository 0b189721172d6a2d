// cxx_runtime.cpp: no code.  CaDiCaL is C++, so everything linking
// tessera_core needs the C++ runtime; one C++ source in the library makes
// CMake link every user of it with the C++ driver, on its own.
