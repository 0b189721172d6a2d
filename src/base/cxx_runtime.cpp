// cxx_runtime.cpp: the C++ side of out-of-memory handling.  CaDiCaL is C++,
// and its failed allocations throw std::bad_alloc through C frames that
// cannot catch it (the process would abort); a new-handler that does not
// return ends them in out_of_memory instead, like xmalloc's.  Being C++,
// this file also makes CMake link every user of tessera_core with the C++
// driver.
#include <new>

// util.h's declarations, in C++ spelling (_Noreturn is C only)
extern "C" [[noreturn]] void out_of_memory(void);
extern "C" void cxx_out_of_memory_exits(void);

static void on_failed_new() { out_of_memory(); }

extern "C" void cxx_out_of_memory_exits(void) { std::set_new_handler(on_failed_new); }
