// The most common leaked passwords of six or more characters (shorter ones fail the length rule
// anyway), refused at sign-up and reset. Compared lower-cased.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `000000 00000000 007007 01011980 01012011 010203 098765 0987654321 101010 102030 111111 1111111
11111111 1111111111 111222 112233 11223344 121212 12121212 123123 123123123 123123a 1232323q 123321
12341234 12344321 1234554321 123456 1234567 12345678 123456789 1234567890 123456789a 123456789q
123456a 123456q 12345a 12345q 12345qwert 1234qwer 123654 123654789 123789 123abc 123qwe 12qwaszx
131313 134679 141414 147147 147258 147258369 147852 147852369 151515 159357 159753 159951 1q2w3e
1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 202020 212121 222222 232323 242424 252525 315475 333333 420420
444444 456789 4815162342 555555 55555555 654321 666666 696969 69696969 741852963 7654321 777777
7777777 77777777 789456 789456123 852456 8675309 87654321 888888 88888888 9379992 987654 98765432
987654321 999999 a12345 a123456 a1b2c3 aaaaaa aaaaaaaa abc123 abcd1234 abcdef abcdefg access accord
action adidas adrian airborne alaska albert alexande alexander alexandr alexis alicia alison allison
alyssa amanda america american anderson andrea andrew andrey angela angels animal anthony antonio
apollo apples arizona arnold arsenal arthur asd123 asdasd asdf1234 asdfasdf asdfgh asdfghjk
asdfghjkl ashley asshole assman august austin avalon avatar awesome azerty babygirl badass badboy
badger bailey bambam banana bandit barbara barney baseball bastard batman baxter beatles beaver
beavis benjamin bigboy bigcock bigdaddy bigdick bigdog bigred bigtits birdie bishop bitches biteme
blazer blink182 blowjob blowme bollocks bond007 bonnie boobies booboo booger boogie boomer boston
bradley brandon brandy braves brazil brenda brittany bronco broncos brooke brooklyn brutus bubbles
buddha budlight buffalo bulldog bulldogs bullet bullshit burton buster butter butthead calvin camaro
cameron canada captain cardinal carlos carmen carolina caroline carter cartman casper cassie celtic
champion chance changeme charles charlie cheese chelsea cherokee cherry chester chevelle chicago
chicken chopper christ christin claire classic claudia cocacola coffee college colorado compaq
computer connor cookie cooper copper corvette cougar courtney cowboy cowboys creative cricket
crystal cumshot dakota dallas dancer danger daniel danielle darkness darkside debbie december denise
dennis denver destiny dexter diablo diamond dickhead diesel digger digital disney doctor doggie
dolphin dolphins domino donald donkey douglas dragon dreamer dreams driver drowssap drummer ducati
duncan eagle1 eagles eclipse edward einstein electric elephant elizabet eminem empire england enigma
eugene everton explorer extreme falcon family fantasy fender ferrari fireman fishing fktrcfylh
florida flower fluffy flyers football forest forever francis frankie franklin freddy freedom
freepass freeuser friday friend friends froggy fucker fucking fuckme fuckoff fuckyou fylhtq gabriel
galina galore gandalf garfield gateway gators gemini general genesis genius george georgia gfhjkm
ghbdtn giants gibson ginger goblue godzilla golden golfer goober google gordon gregory guinness
guitar gunner hahaha hammer hannah happy1 hardcore harley hawaii heather heaven hello1 hello123
helpme hendrix hentai hiphop hitman hobbes hockey hooters horney horses hotdog hotrod houston howard
hummer hunter iceman iloveyou indian infinity internet ireland ironman iwantu jackass jackie jackson
jaguar jasmine jasper jeffrey jennifer jeremy jessica jessie jester johnny johnson jonathan jordan
jordan23 joseph joshua junior jupiter justice justin juventus karina kawasaki kermit killer kimberly
kirill kitten klaster knight kristina lacrosse lakers lalala lasvegas lauren legend leslie letmein
liberty lifehack little liverpoo liverpool lizard logitech lol123 london louise lovelove lovely
loveme loverboy lovers loveyou lucky1 maddog madison madmax madonna maggie magnum manutd marcus
marina marine marines marlboro marley marshall martin marvin maryjane master matrix matthew maverick
maximus maxwell melanie melissa member mercedes mercury merlin metallic metallica mexico michael
michael1 michelle michigan mickey midnight miller minecraft mitchell mmmmmm mnbvcxz monday money1
monica monkey monster montana mookie morgan mother motorola mountain mozart muffin murphy mustang
naruto nascar natalie natasha nathan naughty ncc1701 ncc1701d nelson nemesis newport newyork
nicholas nicole nikita nintendo nirvana nissan norman nothing november october oksana oliver
olivia online orange packers pakistan pamela pantera panther panthers panties paradise parker
passion passport passw0rd password password1 patches patricia patrick patriots peaches peanut
pearljam peekaboo penguin people pepper phantom phoenix picard pimpin pirate platinum playboy player
please pokemon police polina poohbear pookie poopoo popcorn porsche predator prince princess private
psycho pumpkin purple q1w2e3 q1w2e3r4 q1w2e3r4t5 qazwsx qazwsxedc qazxsw qqq111 qqqqqq qwaszx qwe123
qweasd qweasdzxc qweqwe qwer1234 qwerty qwerty1 qwerty12 qwerty123 qwertyu qwertyui qwertyuiop
rabbit rachel racing raider raiders rainbow ranger rangers raptor rascal rasdzv3 rebecca red123
reddog redrum redskins redsox redwings reggie richard robert rocket roland rolltide rooster rosebud
runner rush2112 ruslan russell russia sabrina saints samantha samson samsung samuel sandman sandra
saturn scarface school scooby scooter scorpio scorpion scotland scotty secret security semperfi
serega sergey sexsex shadow shannon sharon shelby shithead shorty sierra silver simple simpson
simpsons skipper skippy skyline slayer slipknot smokey smooth snickers sniper snoopy snowball soccer
softball sophie spanky sparky speedy spencer spider spiderma spiderman spirit spitfire spooky spring
stalker stanley stargate startrek starwars steelers stella stephen steven stinky stupid sublime
success sucker suckit suckme summer sunshine superman surfer suzuki svetlana swordfis sydney system
taylor tennis teresa test123 tester testing theman therock thomas thumper thunder thx1138 tiffany
tigers tigger timothy tinker titanic tomcat topgun toyota travis trinity trouble trustno1 tucker
turkey turtle tweety united usuckballz1 valentin vampire vanessa vegeta veronica vfhbyf vfrcbv
victor victoria victory viking vikings vincent virginia vision vladimir voodoo voyager walker walter
wanker warcraft warrior welcome westside whatever wildcat wildcats william williams willie willow
wilson windows winner winston winter wizard wolfpack wolverin wombat xavier xxxxxx xxxxxxxx yamaha
yankee yankees yellow yfnfif zachary zaq12wsx zombie zxc123 zxcvbn zxcvbnm zzzzzz`.split(/\s+/),
);
