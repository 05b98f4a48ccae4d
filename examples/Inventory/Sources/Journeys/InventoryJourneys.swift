import UIKit

extension InventoryJourney {
  static let all = [
    InventoryJourney(
      run: "first-launch", title: "First launch: onboarding, a look at the terms, then logging in",
      hasSeenOnboarding: false, isLoggedIn: false
    ) { person in
      person.next()
      person.next()
      person.tapSignUp()
      person.readTerms()
      person.closeTerms()
      person.tapBack()
      person.logIn()
    },
    InventoryJourney(run: "browse-items", title: "Browse the items, look at the settings, come back") {
      person in
      person.select("Lamp")
      person.tapBack()
      person.select("Chair")
      person.tapTab(1)
      person.openAbout()
      person.tapTab(0)
      // The selected tab tapped again: its navigation controller goes back to its first screen.
      person.tapTab(0)
    },
    InventoryJourney(
      run: "go-back-every-way", title: "Back by an edge swipe (one given up) and the back menu"
    ) {
      person in
      person.select("Lamp")
      person.swipeBack(completing: false)
      person.swipeBack(completing: true)
      person.select("Chair")
      person.pickFromBackMenu(0)
    },
    InventoryJourney(run: "add-an-item", title: "Add an item in its own flow, choosing its category") {
      person in
      person.add()
      person.pickCategory()
      person.pick("Office")
      person.save()
    },
    InventoryJourney(run: "cancel-adding", title: "Start adding an item, then cancel") { person in
      person.add()
      person.cancel()
    },
    InventoryJourney(
      run: "swipe-away-adding",
      title: "Start adding an item, swipe the sheet away (the app never removes the flow)"
    ) { person in
      person.add()
      person.swipeDownSheet()
      person.select("Lamp")
    },
    InventoryJourney(
      run: "open-an-item-link", title: "Opened at an item's link from a cold start",
      openedAt: "inventory://item/2"
    ) { person in
      person.tapBack()
    },
    InventoryJourney(
      run: "links-while-running", title: "Links while the app runs: settings, terms (ignored), a new item"
    ) {
      person in
      person.open("inventory://settings")
      person.open("inventory://terms")
      person.open("inventory://new")
      person.cancel()
    },
    InventoryJourney(run: "log-out-and-in", title: "Log out from the settings, log in again") { person in
      person.tapTab(1)
      person.logOut()
      person.logIn()
    },
  ]
}
