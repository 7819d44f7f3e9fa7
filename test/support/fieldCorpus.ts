/**
 * Fields a person types into, as real forms and component libraries render them, labelled by
 * whether what is typed there is a secret. The markup of MUI 6, react-select 5, Ant Design 5,
 * Headless UI 2, Mantine 7, Chakra UI 2, cmdk, react-otp-input and input-otp is their server
 * render (react-dom/server) with classes and styles trimmed; the login, 2FA and payment forms are
 * written from the sites' own markup (GitHub, Google, Stripe Checkout, Shopify, Amazon Cognito).
 * The field is the element marked `data-field`; `typed` is what a person types into it;
 * `shownFrom: 'password'` says it was a password input until a show-password button switched it.
 * test/unit/extension/fieldCorpus.test.ts runs the recorder's rules over every sample and lists
 * the false positives and misses; docs/security.md gives the counts.
 */
export interface FieldSample {
  readonly name: string;
  readonly html: string;
  readonly typed: string;
  readonly secret: boolean;
  readonly shownFrom?: 'password';
}

export const FIELD_CORPUS: readonly FieldSample[] = [
  // Logins and sign-ups
  {
    name: 'GitHub sign-in: password',
    html: '<label for="password">Password</label><input data-field type="password" name="password" id="password" class="form-control input-block js-password-field" autocomplete="current-password" required>',
    typed: 'correct horse battery staple',
    secret: true,
  },
  {
    name: 'GitHub sign-in: username or email',
    html: '<label for="login_field">Username or email address</label><input data-field type="text" name="login" id="login_field" class="form-control input-block js-login-field" autocapitalize="off" autocorrect="off" autocomplete="username" autofocus required>',
    typed: 'octocat',
    secret: false,
  },
  {
    name: 'Google sign-in: password',
    html: '<input data-field type="password" class="whsOnd zHQkBf" jsname="YPqjbf" autocomplete="current-password" spellcheck="false" tabindex="0" aria-label="Enter your password" name="Passwd" autocapitalize="off" dir="ltr">',
    typed: 'correct horse battery staple',
    secret: true,
  },
  {
    name: "Google sign-in: password after 'Show password' was ticked",
    html: '<input data-field type="password" class="whsOnd zHQkBf" jsname="YPqjbf" autocomplete="current-password" spellcheck="false" tabindex="0" aria-label="Enter your password" name="Passwd" autocapitalize="off" dir="ltr">',
    typed: 'correct horse battery staple',
    secret: true,
    shownFrom: 'password',
  },
  {
    name: 'Google sign-in: email or phone',
    html: '<input data-field type="email" class="whsOnd zHQkBf" jsname="YPqjbf" autocomplete="username webauthn" spellcheck="false" tabindex="0" aria-label="Email or phone" name="identifier" autocapitalize="none" id="identifierId" dir="ltr">',
    typed: 'ann@example.com',
    secret: false,
  },
  {
    name: 'MUI TextField type=password',
    html: '<label data-shrink="false" for="outlined-password-input" id="outlined-password-input-label">Password</label><div><input data-field aria-invalid="false" autocomplete="current-password" id="outlined-password-input" type="password"></div>',
    typed: 'hunter2-Secret',
    secret: true,
  },
  {
    name: "MUI OutlinedInput password with its eye IconButton, shown (the docs' adornment demo, no autocomplete)",
    html: '<label for="outlined-adornment-password">Password</label><div><input data-field id="outlined-adornment-password" type="password"><div><button aria-label="hide the password" type="button"></button></div></div>',
    typed: 'hunter2-Secret',
    secret: true,
    shownFrom: 'password',
  },
  {
    name: 'Ant Design Input.Password (placeholder only)',
    html: '<span class="ant-input-affix-wrapper"><input data-field placeholder="input password" type="password" class="ant-input" value=""><span class="ant-input-suffix"><span role="img" aria-label="eye-invisible"></span></span></span>',
    typed: 'hunter2-Secret',
    secret: true,
  },
  {
    name: 'Mantine PasswordInput (autocomplete=off)',
    html: '<label for="mantine-R3" id="mantine-R3-label">Password</label><div><input data-field id="mantine-R3" placeholder="Your password" autocomplete="off" type="password"></div><button type="button" aria-hidden="true" tabindex="-1"></button>',
    typed: 'hunter2-Secret',
    secret: true,
  },
  {
    name: 'Shopify customer sign-up: new password',
    html: '<label for="CustomerPassword">Password</label><input data-field type="password" name="customer[password]" id="CustomerPassword" autocomplete="new-password">',
    typed: 'hunter2-Secret',
    secret: true,
  },
  {
    name: 'a Japanese sign-in (パスワード), type=password and nothing else',
    html: '<label for="pw">パスワード</label><input data-field id="pw" type="password" name="pw">',
    typed: 'hunter2-Secret',
    secret: true,
  },
  {
    name: 'a Japanese sign-in, password shown by its eye button',
    html: '<label for="pw">パスワード</label><input data-field id="pw" type="password" name="pw"><button type="button">👁</button>',
    typed: 'hunter2-Secret',
    secret: true,
    shownFrom: 'password',
  },
  {
    name: 'a developer settings page: personal access token',
    html: '<label for="token">Personal access token</label><input data-field id="token" name="token" type="text">',
    typed: 'tok_4a8b2c',
    secret: true,
  },
  {
    name: "a wallet's recovery phrase in a textarea",
    html: '<label for="seed">Recovery phrase</label><textarea data-field id="seed" name="mnemonic"></textarea>',
    typed: 'abandon ability able about above absent absorb abstract absurd abuse access accident',
    secret: true,
  },
  {
    name: 'a pass phrase in a contenteditable',
    html: '<p>Pass phrase</p><div data-field id="passphrase" contenteditable="true"></div>',
    typed: 'vault phrase amber-otter-42',
    secret: true,
  },
  // Two-factor and one-time codes
  {
    name: 'GitHub 2FA: authentication code',
    html: '<label for="app_totp">Authentication code</label><input data-field type="text" name="app_otp" id="app_totp" autocomplete="one-time-code" inputmode="numeric" class="form-control input-block" placeholder="XXXXXX" pattern="([0-9]{6})|([0-9a-fA-F]{5}-?[0-9a-fA-F]{5})">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'GitHub 2FA: SMS code',
    html: '<label for="sms_totp">Authentication code</label><input data-field type="text" name="sms_otp" id="sms_totp" autocomplete="one-time-code" inputmode="numeric" class="form-control input-block">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'Google 2-Step Verification: authenticator code',
    html: '<input data-field type="tel" name="totpPin" id="totpPin" aria-label="Enter code" autocomplete="one-time-code" pattern="[0-9 ]*">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'Google 2-Step Verification: SMS code (name Pin)',
    html: '<input data-field type="tel" pattern="[0-9 ]*" name="Pin" id="idvPin" aria-label="Enter code" autocomplete="one-time-code">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'Amazon Cognito hosted UI: confirmation code',
    html: '<label for="verification_code">Verification Code</label><input data-field id="verification_code" name="confirmation_code" type="text" class="form-control inputField-customizable" placeholder="Code" autocapitalize="none">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'an SMS code field named verification_code, with a plain label',
    html: '<label>Code we sent you <input data-field name="verification_code" inputmode="numeric"></label>',
    typed: '482913',
    secret: true,
  },
  {
    name: 'an SMS code field with only a sentence for a label and id="code"',
    html: '<label for="code">Enter the code we sent to your phone</label><input data-field id="code" inputmode="numeric" maxlength="6">',
    typed: '482913',
    secret: true,
  },
  {
    name: 'input-otp (shadcn/ui InputOTP)',
    html: '<div data-input-otp-container="true"><input data-field autocomplete="one-time-code" data-input-otp="true" inputmode="numeric" maxlength="6" spellcheck="false" value=""></div>',
    typed: '482913',
    secret: true,
  },
  {
    name: 'react-otp-input: one box of six (autocomplete=off)',
    html: '<div><input data-field autocomplete="off" maxlength="1" aria-label="Please enter OTP character 1" type="text" value=""><input autocomplete="off" maxlength="1" aria-label="Please enter OTP character 2" type="text" value=""></div>',
    typed: '4',
    secret: true,
  },
  {
    name: 'Ant Design Input.OTP: one box of six',
    html: '<div class="ant-otp"><input data-field aria-label="OTP Input 1" type="text" class="ant-input ant-otp-input" size="1" value=""><input aria-label="OTP Input 2" type="text" class="ant-input ant-otp-input" size="1" value=""></div>',
    typed: '4',
    secret: true,
  },
  {
    name: 'Chakra UI PinInput (otp off: autocomplete=off)',
    html: '<div><input data-field aria-label="Please enter your pin code" inputmode="numeric" type="tel" id="pin-input-:R2u:-0" autocomplete="off" placeholder="○" class="chakra-pin-input" value=""></div>',
    typed: '4',
    secret: true,
  },
  {
    name: 'Mantine PinInput',
    html: '<div role="group" id="mantine-R3"><input data-field inputmode="text" type="text" autocomplete="one-time-code" placeholder="○" aria-label="PinInput" aria-invalid="false" id="mantine-R3-1" value=""></div><input type="hidden" value="">',
    typed: '4',
    secret: true,
  },
  {
    name: "a bank's card PIN",
    html: '<label for="pin">PIN</label><input data-field id="pin" name="pin" type="tel" maxlength="4">',
    typed: '4921',
    secret: true,
  },
  // Payment
  {
    name: 'Stripe Checkout: card number',
    html: '<input data-field class="CheckoutInput" autocomplete="cc-number" autocorrect="off" spellcheck="false" type="text" id="cardNumber" name="cardNumber" inputmode="numeric" aria-label="Card number" placeholder="1234 1234 1234 1234" aria-invalid="false" value="">',
    typed: '4242 4242 4242 4242',
    secret: true,
  },
  {
    name: 'Stripe Checkout: expiry',
    html: '<input data-field class="CheckoutInput" autocomplete="cc-exp" autocorrect="off" spellcheck="false" type="text" id="cardExpiry" name="cardExpiry" inputmode="numeric" aria-label="Expiration" placeholder="MM / YY" value="">',
    typed: '12 / 27',
    secret: true,
  },
  {
    name: 'Stripe Checkout: CVC',
    html: '<input data-field class="CheckoutInput" autocomplete="cc-csc" autocorrect="off" spellcheck="false" type="text" id="cardCvc" name="cardCvc" inputmode="numeric" aria-label="CVC" placeholder="CVC" value="">',
    typed: '123',
    secret: true,
  },
  {
    name: "a shop's own card field: no autocomplete, label 'Card'",
    html: '<label for="card">Card</label><input data-field id="card" name="card" inputmode="numeric" maxlength="19">',
    typed: '4242 4242 4242 4242',
    secret: true,
  },
  {
    name: "a shop's own payment field: label 'Payment', an Amex number",
    html: '<label>Payment <input data-field name="payment" inputmode="numeric"></label>',
    typed: '3782 822463 10005',
    secret: true,
  },
  {
    name: "a shop's own CVV field, no autocomplete",
    html: '<label for="cvv">CVV</label><input data-field id="cvv" name="cvv" maxlength="4">',
    typed: '123',
    secret: true,
  },
  {
    name: 'Braintree Hosted Fields: card number',
    html: '<label for="credit-card-number">Credit Card Number</label><input data-field type="tel" autocomplete="cc-number" id="credit-card-number" name="credit-card-number" class="number" placeholder="•••• •••• •••• ••••" maxlength="22">',
    typed: '4111 1111 1111 1111',
    secret: true,
  },
  // Search boxes and comboboxes that turn the browser's autofill off
  {
    name: "MUI Autocomplete, the docs' country select (autocomplete=new-password)",
    html: '<label data-shrink="false" for="country-select-demo" id="country-select-demo-label">Choose a country</label><div><input data-field aria-invalid="false" autocomplete="new-password" id="country-select-demo" type="text" aria-autocomplete="list" aria-expanded="false" autocapitalize="none" spellcheck="false" role="combobox" value=""><div><button tabindex="-1" type="button" aria-label="Open" title="Open"></button></div></div>',
    typed: 'France',
    secret: false,
  },
  {
    name: 'MUI Autocomplete (autocomplete=off)',
    html: '<label for="combo-box-demo">Movie</label><div><input data-field aria-invalid="false" autocomplete="off" id="combo-box-demo" type="text" aria-autocomplete="list" aria-expanded="false" autocapitalize="none" spellcheck="false" role="combobox" value=""></div>',
    typed: 'The Godfather',
    secret: false,
  },
  {
    name: 'react-select',
    html: '<label for="city">City</label><div><input data-field autocapitalize="none" autocomplete="off" autocorrect="off" id="city" spellcheck="false" tabindex="0" type="text" aria-autocomplete="list" aria-expanded="false" aria-haspopup="true" role="combobox" aria-activedescendant="" aria-describedby="react-select-city-placeholder" value=""></div>',
    typed: 'Lyon',
    secret: false,
  },
  {
    name: 'Ant Design Select with showSearch (autocomplete=new-password)',
    html: '<div><div><div>Select a person</div><input data-field id=":R0:" type="text" autocomplete="new-password" role="combobox" aria-expanded="false" aria-haspopup="listbox" aria-autocomplete="list" value=""></div></div>',
    typed: 'Jack',
    secret: false,
  },
  {
    name: 'Ant Design AutoComplete (autocomplete=new-password)',
    html: '<div><input data-field id=":R1:" type="text" autocomplete="new-password" class="ant-select-input" role="combobox" aria-expanded="false" aria-haspopup="listbox" aria-autocomplete="list" value=""></div>',
    typed: 'Burns Bay Road',
    secret: false,
  },
  {
    name: 'Ant Design Input.Search',
    html: '<span class="ant-input-search"><input data-field placeholder="input search text" type="search" class="ant-input" value=""></span>',
    typed: 'running shoes',
    secret: false,
  },
  {
    name: 'Headless UI Combobox',
    html: '<input data-field aria-label="Assignee" id="headlessui-combobox-input-:Rr:" role="combobox" type="text" aria-expanded="false" aria-autocomplete="list" data-headlessui-state="">',
    typed: 'Tom Cook',
    secret: false,
  },
  {
    name: 'Mantine Autocomplete (aria-haspopup=listbox, no role)',
    html: '<label for="mantine-R3" id="mantine-R3-label">Your favorite library</label><div><input data-field placeholder="Pick value or enter anything" aria-haspopup="listbox" autocomplete="off" aria-invalid="false" id="mantine-R3" value=""></div>',
    typed: 'React',
    secret: false,
  },
  {
    name: 'Mantine Select, searchable',
    html: '<label for="mantine-R4">Your favorite library</label><div><input data-field aria-haspopup="listbox" autocomplete="off" aria-invalid="false" id="mantine-R4" value=""></div><input type="hidden" value="">',
    typed: 'Vue',
    secret: false,
  },
  {
    name: 'cmdk command menu (Radix ids)',
    html: '<div cmdk-root=""><input data-field placeholder="Search…" cmdk-input="" autocomplete="off" autocorrect="off" spellcheck="false" aria-autocomplete="list" role="combobox" aria-expanded="true" aria-controls="radix-:R0:" aria-labelledby="radix-:R0H1:" id="radix-:R0H2:" type="text" value=""><div cmdk-list="" role="listbox" tabindex="-1" aria-label="Suggestions" id="radix-:R0:"></div></div>',
    typed: 'settings',
    secret: false,
  },
  {
    name: 'GitHub code search',
    html: '<input data-field type="text" id="query-builder-test" role="combobox" aria-expanded="false" aria-controls="query-builder-test-results" autocomplete="off" spellcheck="false" placeholder="Search or jump to..." aria-label="Search or jump to..." value=""><ul id="query-builder-test-results" role="listbox"></ul>',
    typed: 'browsertap',
    secret: false,
  },
  {
    name: "a password manager's vault search",
    html: '<input data-field type="search" aria-label="Search passwords" placeholder="Search">',
    typed: 'github',
    secret: false,
  },
  {
    name: 'an address box made for a places widget: autocomplete=new-password and nothing else',
    html: '<input data-field id="autocomplete" placeholder="Enter your address" type="text" autocomplete="new-password">',
    typed: '10 rue de Rivoli',
    secret: false,
  },
  // Ordinary fields of the same forms
  {
    name: 'Shopify checkout: email',
    html: '<input data-field id="email" name="email" type="email" autocomplete="shipping email" placeholder="Email" aria-required="true">',
    typed: 'ann@example.com',
    secret: false,
  },
  {
    name: 'Shopify checkout: postal code',
    html: '<input data-field id="postalCode" name="postalCode" type="text" autocomplete="shipping postal-code" placeholder="Postal code">',
    typed: '75001',
    secret: false,
  },
  {
    name: 'Shopify checkout: discount code or gift card',
    html: '<input data-field id="ReductionsInput0" name="reductions" type="text" placeholder="Discount code or gift card" aria-label="Discount code or gift card">',
    typed: 'SAVE20',
    secret: false,
  },
  {
    name: 'Shopify checkout: phone',
    html: '<input data-field id="phone" name="phone" type="tel" autocomplete="shipping tel" placeholder="Phone">',
    typed: '+33 6 12 34 56 78',
    secret: false,
  },
  {
    name: 'Stripe Checkout: cardholder name is a name (cc-name says card)',
    html: '<input data-field class="CheckoutInput" autocomplete="cc-name" autocorrect="off" spellcheck="false" type="text" id="billingName" name="billingName" placeholder="Full name on card" value="">',
    typed: 'Ann Example',
    secret: false,
  },
  {
    name: 'an Indian address: PIN code (a postal code)',
    html: '<label for="pincode">PIN code</label><input data-field id="pincode" name="pincode" inputmode="numeric" maxlength="6">',
    typed: '560001',
    secret: false,
  },
  {
    name: "an order lookup: Amazon's order number",
    html: '<label>Order number <input data-field name="orderId"></label>',
    typed: '171-2846593-0921846',
    secret: false,
  },
  {
    name: 'MUI DatePicker field',
    html: '<label for=":r1:">Start date</label><input data-field type="text" inputmode="text" placeholder="MM/DD/YYYY" autocomplete="off" id=":r1:" value="">',
    typed: '12/25/2026',
    secret: false,
  },
  {
    name: 'a quantity',
    html: '<label>Quantity <input data-field type="number" name="quantity" min="1"></label>',
    typed: '3',
    secret: false,
  },
  {
    name: 'a notes editor (a contenteditable textbox)',
    html: '<div data-field contenteditable="true" role="textbox" aria-multiline="true" aria-label="Page content"></div>',
    typed: 'Meeting notes for Monday',
    secret: false,
  },
  {
    name: 'a promo code field named code',
    html: '<label for="code">Promo code</label><input data-field id="code" name="code">',
    typed: 'WELCOME10',
    secret: false,
  },
];
