from deadboard.cli import main

main()
