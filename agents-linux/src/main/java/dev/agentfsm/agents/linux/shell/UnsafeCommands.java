package dev.agentfsm.agents.linux.shell;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Commands known to run code or other programs, or to write, move or delete files. The argument rules
 * of {@link CommandPolicy} cover only UFO's read-only list (and keep interpreters to {@code --version});
 * a command added to the allow-list runs with any arguments, so adding one of these would undo the
 * read-only promise ({@code sed 1e}, {@code tar --checkpoint-action=exec}, {@code git -c alias.x='!…'},
 * {@code dd of=}, {@code vim -c '!…'}). {@link ShellConfig} refuses them unless the operator names them
 * as unsafe. Versioned names count as their family: {@code python3.11}, {@code perl5.36}, {@code gcc-12}.
 */
final class UnsafeCommands {
    private static final String RUNS = "runs code or other programs it is given";
    private static final String WRITES = "writes, moves or deletes files";
    private static final String BOTH = "runs other programs and writes files";

    private static final Map<String, String> WHY = new HashMap<>();

    static {
        put(
                RUNS,
                "python",
                "pypy",
                "perl",
                "ruby",
                "irb",
                "node",
                "nodejs",
                "deno",
                "bun",
                "php",
                "lua",
                "luajit",
                "tclsh",
                "wish",
                "expect",
                "rscript",
                "r",
                "julia",
                "guile",
                "racket",
                "ocaml",
                "ghci",
                "swipl",
                "dc",
                "gdb",
                "sqlite3",
                "mysql",
                "psql",
                "java",
                "jshell",
                "groovy",
                "scala",
                "kotlin",
                "osascript",
                "sh",
                "bash",
                "dash",
                "zsh",
                "ksh",
                "mksh",
                "yash",
                "fish",
                "csh",
                "tcsh",
                "busybox",
                "toybox",
                "awk",
                "gawk",
                "mawk",
                "nawk",
                "m4",
                "env",
                "xargs",
                "timeout",
                "nice",
                "ionice",
                "nohup",
                "setsid",
                "stdbuf",
                "taskset",
                "chroot",
                "sudo",
                "doas",
                "su",
                "runuser",
                "flock",
                "watch",
                "strace",
                "ltrace",
                "time",
                "unshare",
                "nsenter",
                "setpriv",
                "prlimit",
                "chrt",
                "numactl",
                "parallel",
                "systemd-run",
                "script",
                "entr",
                "exec",
                "less",
                "more",
                "most",
                "man",
                "info",
                "pg");
        put(
                WRITES,
                "cp",
                "mv",
                "rm",
                "rmdir",
                "mkdir",
                "ln",
                "link",
                "unlink",
                "touch",
                "chmod",
                "chown",
                "chgrp",
                "chattr",
                "truncate",
                "shred",
                "install",
                "dd",
                "tee",
                "split",
                "csplit",
                "mktemp",
                "mkfifo",
                "mknod",
                "patch",
                "sponge",
                "curl",
                "wget",
                "openssl",
                "gpg",
                "ssh-keygen",
                "tcpdump");
        put(
                BOTH,
                "sed",
                "tar",
                "cpio",
                "pax",
                "zip",
                "unzip",
                "gzip",
                "gunzip",
                "bzip2",
                "bunzip2",
                "xz",
                "unxz",
                "lzma",
                "unlzma",
                "zstd",
                "unzstd",
                "lz4",
                "unlz4",
                "7z",
                "7za",
                "7zr",
                "ar",
                "rar",
                "unrar",
                "vi",
                "vim",
                "nvim",
                "view",
                "vimdiff",
                "rvim",
                "ex",
                "ed",
                "red",
                "emacs",
                "nano",
                "pico",
                "joe",
                "mcedit",
                "git",
                "hg",
                "svn",
                "make",
                "cmake",
                "ninja",
                "gcc",
                "cc",
                "g++",
                "c++",
                "clang",
                "clang++",
                "ld",
                "as",
                "go",
                "cargo",
                "rustc",
                "javac",
                "mvn",
                "gradle",
                "npm",
                "npx",
                "yarn",
                "pnpm",
                "pip",
                "pipx",
                "gem",
                "bundle",
                "composer",
                "rsync",
                "scp",
                "sftp",
                "ssh",
                "nc",
                "ncat",
                "netcat",
                "socat",
                "telnet",
                "ftp",
                "systemctl",
                "service",
                "mount",
                "umount",
                "crontab",
                "at",
                "batch",
                "kill",
                "pkill",
                "killall",
                "reboot",
                "shutdown",
                "poweroff",
                "halt",
                "docker",
                "podman",
                "kubectl",
                "apt",
                "apt-get",
                "dpkg",
                "yum",
                "dnf",
                "rpm",
                "snap",
                "flatpak",
                "useradd",
                "usermod",
                "passwd");
    }

    /** A version after the name: {@code 3.11} in {@code python3.11}, {@code -12} in {@code gcc-12}, {@code 3} in {@code pip3}. */
    private static final Pattern VERSIONED = Pattern.compile("(.*[a-z+])-?\\d+(?:\\.\\d+)*[a-z]?");

    private UnsafeCommands() {}

    private static void put(String why, String... names) {
        for (String name : List.of(names)) {
            WHY.put(name, why);
        }
    }

    /** Why {@code name} is unsafe to allow without argument rules, or empty when it is not known to be. */
    static Optional<String> why(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return Optional.ofNullable(WHY.getOrDefault(lower, WHY.get(unversioned(lower))));
    }

    /** {@code name} without a version at its end: {@code python3.11} is {@code python}, {@code perl5.36} {@code perl}. */
    static String unversioned(String name) {
        Matcher matcher = VERSIONED.matcher(name);
        return matcher.matches() ? matcher.group(1) : name;
    }
}
