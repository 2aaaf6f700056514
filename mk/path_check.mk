# mk/path_check.mk: the paths a user passes to make, refused before anything
# runs when they hold a space or a quote. Make splits its values at spaces and
# the recipes hand them to the shell, so such a path would run under another
# name (TRACE="a b/x.cfg" as nvdla/a) or end in a shell syntax error; the
# message names the variable and the character instead. RTL_FILES is a list
# (its words are files), so only its quotes are refused (scripts/build/rtl_build.sh
# refuses a file that does not exist).
PATH_VARS      := TRACE TEST NETWORK LIST LOG_DIR REGRESS_DIR HARVEST_DIR NVDLA_TRACES TRACES NETWORKS NVDLA_HW
PATH_LIST_VARS := RTL_FILES
path_quote_chars := ' " `
# the first offending character of $(1) ("space" when it holds one)
path_bad_char = $(or $(if $(filter-out 0 1,$(words $(1))),space),$(firstword $(foreach c,$(path_quote_chars),$(findstring $(c),$(1)))))
path_bad_quote = $(firstword $(foreach c,$(path_quote_chars),$(findstring $(c),$(1))))
path_refuse = $(error $(1)='$(value $(1))': paths with a $(if $(filter space,$(2)),space,quote ($(2))) are not supported (make splits them at spaces and the shell reads quotes): move or link the file to a path without it)
$(foreach v,$(PATH_VARS),$(if $(call path_bad_char,$(value $(v))),$(call path_refuse,$(v),$(call path_bad_char,$(value $(v))))))
$(foreach v,$(PATH_LIST_VARS),$(if $(call path_bad_quote,$(value $(v))),$(call path_refuse,$(v),$(call path_bad_quote,$(value $(v))))))
