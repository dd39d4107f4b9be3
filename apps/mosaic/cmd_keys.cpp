#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "command.hpp"
#include "mosaic/core/cluster/cluster_presets.hpp"
#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/studies.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/keys_json.hpp"
#include "study_flags.hpp"

namespace mosaic::cli {
namespace {

struct KeysArgs {
  bool options = false;
  bool cluster = false;
  std::string study;
  bool json = false;
};

void print_options(const study::StudyInfo& s) {
  std::printf("%s: %s\n", s.name.c_str(), s.doc.c_str());
  for (std::size_t i = 0; i < s.fields.size(); ++i) {
    const FieldInfo& f = *s.fields[i];
    std::printf("  %-26s %-14s %s\n      allowed: %s\n", flag_of(f).c_str(),
                format_value(s.default_values[i]).c_str(), f.doc.c_str(), f.allowed().c_str());
  }
}

int run_keys(const KeysArgs& args) {
  if (!args.study.empty() && !study::find_study(args.study)) {
    std::string known;
    for (const auto& s : study::studies()) known += (known.empty() ? "" : ", ") + s.name;
    throw ConfigError("study", "\"" + args.study + "\"", "one of " + known);
  }
  const bool options = args.options || !args.study.empty();
  if (args.cluster) {
    if (args.json) {
      std::cout << record::cluster_keys_to_json().dump(1) << '\n';
      return 0;
    }
    const ClusterSpec defaults = cluster_preset(kDefaultClusterPreset);
    for (const auto& f : cluster_fields())
      std::printf("%-34s %-14s %s\n    allowed: %s\n", f.key.c_str(),
                  format_value(f.get(defaults)).c_str(), f.doc.c_str(), f.allowed().c_str());
    return 0;
  }
  if (args.json) {
    nlohmann::json j = options ? record::options_to_json() : record::keys_to_json();
    if (!args.study.empty()) j = j.at(args.study);
    std::cout << j.dump(1) << '\n';
    return 0;
  }
  if (options) {
    for (const auto& s : study::studies())
      if (args.study.empty() || s.name == args.study) print_options(s);
    return 0;
  }
  const LinkSpec defaults = preset(kDefaultPreset);
  for (const auto& f : link_spec_fields())
    std::printf("%-34s %-14s %s\n    allowed: %s\n", f.key.c_str(),
                format_value(f.get(defaults)).c_str(), f.doc.c_str(), f.allowed().c_str());
  return 0;
}

const RegisterCommand kKeys(90, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<KeysArgs>();
  auto* cmd = parent.add_subcommand(
      "keys",
      "List every design key with its unit, allowed range, 800g default and meaning; with "
      "--options, every command's options (the same names in Python's keyword arguments)");
  cmd->add_flag("--options", args->options, "List every command's options instead");
  cmd->add_flag("--cluster", args->cluster,
                "List every cluster key (`mosaic cluster`) instead, with nvl72-copper defaults");
  cmd->add_option("--study", args->study, "Only this command's options")->type_name("COMMAND");
  cmd->add_flag("--json", args->json, "Print the list as JSON");
  return [args] { return run_keys(*args); };
});

}  // namespace
}  // namespace mosaic::cli
