# Sourced by the installers of tools that live in a cached virtualenv of their own, outside
# heat's: one lock serialises concurrent installers, and a marker file says the venv is whole.

# cached_venv_begin VENV MARKER PYTHON WHAT: wait for the lock; when MARKER is there, print
# VENV and exit; else make VENV anew with PYTHON (a half-built venv from an interrupted run
# is not worth repairing), saying that WHAT is being installed.
cached_venv_begin() {
    local venv=$1 marker=$2 python=$3 what=$4
    mkdir -p "$(dirname "$venv")"
    exec 9>"$venv.lock"
    flock 9
    if [ -f "$marker" ]; then
        echo "$venv"
        exit 0
    fi
    echo "installing $what into $venv" >&2
    rm -rf "$venv"
    "$python" -m venv "$venv"
}

# cached_venv_done VENV MARKER: mark VENV whole and print its path.
cached_venv_done() {
    touch "$2"
    echo "$1"
}
