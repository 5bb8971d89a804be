package dev.polycube.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code polycube generate-completion}: the same bash/zsh completion script the release ships
 * (share/bash-completion/polycube), for {@code source <(polycube generate-completion)}.
 */
@Command(name = "generate-completion", mixinStandardHelpOptions = true,
        header = "Print the bash/zsh completion script.",
        description = {"Prints the completion script for bash (and zsh, after `autoload -U +X bashcompinit && bashcompinit`):",
            "built-in puzzle names and files for arguments, and the values of options such as --symmetry, --to and --view.",
            "",
            "Example:  source <(polycube generate-completion)"})
final class CompletionCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine root = spec.commandLine().getParent();
        spec.commandLine().getOut().print(Dist.completion(AutoComplete.bash("polycube", root)));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
