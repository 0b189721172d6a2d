# replay.cmake: each fuzz harness linked with replay.c instead of libFuzzer,
# built with the normal compiler, and a ctest that runs it over the
# harness's seed corpus and crash regressions (so ASan CI replays them).
set(TESSERA_FUZZ_HARNESSES parse save args input)
set(TESSERA_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
# The layer each harness needs: only the command line reaches the player.
set(TESSERA_FUZZ_LIB_parse tessera_model)
set(TESSERA_FUZZ_LIB_save tessera_model)
set(TESSERA_FUZZ_LIB_input tessera_model)
set(TESSERA_FUZZ_LIB_args tessera_app)
foreach(h ${TESSERA_FUZZ_HARNESSES})
  add_executable(replay_${h} ${TESSERA_FUZZ_DIR}/replay.c ${TESSERA_FUZZ_DIR}/fuzz_${h}.c)
  target_link_libraries(replay_${h} PRIVATE ${TESSERA_FUZZ_LIB_${h}})
  set_target_properties(replay_${h} PROPERTIES LINKER_LANGUAGE CXX)
  add_test(NAME fuzz_replay_${h}
    COMMAND replay_${h} ${TESSERA_FUZZ_DIR}/corpus/${h}
            --optional ${TESSERA_FUZZ_DIR}/regressions/${h})
  set_tests_properties(fuzz_replay_${h} PROPERTIES TIMEOUT 600 LABELS fuzz)
endforeach()
