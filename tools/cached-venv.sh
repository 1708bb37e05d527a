# Sourced by the installers of tools that live in a cached virtualenv of their own, outside
# heat's: one lock serialises concurrent installers, and a marker file says the venv is whole.

# cached_venv_lock VENV: wait for (and hold until exit) the installers' lock of VENV.
cached_venv_lock() {
    mkdir -p "$(dirname "$1")"
    exec 9>"$1.lock"
    flock 9
}

# cached_venv_create VENV PYTHON WHAT: make VENV anew with PYTHON (a half-built venv from an
# interrupted run is not worth repairing), saying that WHAT is being installed.
cached_venv_create() {
    echo "installing $3 into $1" >&2
    rm -rf "$1"
    "$2" -m venv "$1"
}

# cached_venv_begin VENV MARKER PYTHON WHAT: wait for the lock; when MARKER is there, print
# VENV and exit; else make VENV anew as cached_venv_create does.
cached_venv_begin() {
    cached_venv_lock "$1"
    if [ -f "$2" ]; then
        echo "$1"
        exit 0
    fi
    cached_venv_create "$1" "$3" "$4"
}

# cached_venv_done VENV MARKER: mark VENV whole and print its path.
cached_venv_done() {
    touch "$2"
    echo "$1"
}
